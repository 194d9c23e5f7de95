// The one way server/ reaches the app: what app/entry.server.tsx exports beside Remix's own handlers,
// taken from the Remix build's own copy of that module (a second import of app code would be a second
// copy of its state: the group commit, the traffic version, the co-editing documents).
import type { ServerBuild } from "@remix-run/node";
import type * as Entry from "~/entry.server";

export type StudioEntry = Pick<
  typeof Entry,
  | "contentVersion"
  | "trafficVersion"
  | "observePageReads"
  | "drainEvents"
  | "mayCollectFrom"
  | "collectEvent"
  | "collectPixel"
  | "startWorkflowRunner"
  | "startPublishScheduler"
  | "startTrackerRetention"
  | "startAuditHeadPoster"
  | "startWakeRelay"
  | "collaborationEntry"
  | "consentOrigins"
  | "loadNetworkConsent"
  | "withRequestScope"
>;

/** Every export the server uses, and its kind: the compiler keeps this list complete. */
const EXPORTS: Record<keyof StudioEntry, "function" | "object"> = {
  contentVersion: "function",
  trafficVersion: "function",
  observePageReads: "function",
  drainEvents: "function",
  mayCollectFrom: "function",
  collectEvent: "function",
  collectPixel: "function",
  startWorkflowRunner: "function",
  startPublishScheduler: "function",
  startTrackerRetention: "function",
  startAuditHeadPoster: "function",
  startWakeRelay: "function",
  collaborationEntry: "object",
  consentOrigins: "function",
  loadNetworkConsent: "function",
  withRequestScope: "function",
};
const missingFrom = (module: object) =>
  Object.entries(EXPORTS)
    .filter(([name, kind]) => typeof (module as Record<string, unknown>)[name] !== kind)
    .map(([name]) => name);

/** The build's entry module as the server uses it; a build without these exports fails at start, by name. */
export function studioEntry(build: ServerBuild): StudioEntry {
  const module: object = build.entry.module;
  const missing = missingFrom(module);
  if (missing.length > 0) throw new Error(`The Remix build's entry module lacks what the server needs: ${missing.join(", ")}.`);
  return module as StudioEntry; // checked just above, export by export
}
