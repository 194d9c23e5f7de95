// Meta's Deauthorize and Data deletion callbacks (issue 36), and Threads' Uninstall and Delete ones: a
// person removed the studio in Facebook or Threads, or asked for their data to be deleted. The
// signed_request is checked with that app's saved secret before anything changes; then the person's
// connections through it need reconnecting, exactly as a revoked token does (needsReconnect: reason,
// held posts, Admins told).
import { verifiedSignedRequest } from "~/adapters/networks/meta-person.server";
import { metaDeletionStatusPath } from "~/domain/channels/network-callbacks";
import { recordAudit } from "~/models/audit.server";
import { dataDeletionByCode, recordDataDeletion } from "~/models/data-deletion.server";
import { connectionsOfNetworkUser, forgetConnectionSecrets } from "~/models/integration.server";
import { forgetAccountChoicesOf, networkAppCredentials } from "~/models/network-app.server";
import { studioOrigin } from "~/web/public-url.server";
import { needsReconnect } from "./network-connect.server";
import { listWorkspaces } from "~/db/workspaces.server";
import { withWorkspace } from "~/db/workspace-scope.server";

/** A Meta app whose callbacks the studio answers: Meta's own (Facebook and Instagram) or Threads'. */
export interface CallingApp {
  /** The network its credentials are saved under. */
  app: "facebook" | "threads";
  networks: readonly ("facebook" | "instagram" | "threads")[];
  reason: string;
  name: string;
}

export const META_APP: CallingApp = {
  app: "facebook",
  networks: ["facebook", "instagram"],
  reason: "removed the studio in Facebook",
  name: "Meta",
};
export const THREADS_APP: CallingApp = { app: "threads", networks: ["threads"], reason: "removed the studio in Threads", name: "Threads" };
export const DEAUTHORIZED_REASON = META_APP.reason;

type Refusal = { ok: false; status: 400 | 404; error: string };

/** The person the app names, if the request is signed by the saved app. */
async function personOf(caller: CallingApp, signedRequest: string | null): Promise<{ ok: true; userId: string } | Refusal> {
  const app = await networkAppCredentials(caller.app);
  if (!app) return { ok: false, status: 404, error: `No ${caller.name} app is saved in this studio.` };
  const verified = signedRequest ? verifiedSignedRequest(signedRequest, app.clientSecret) : null;
  if (!verified) return { ok: false, status: 400, error: `The signed_request is missing or not signed by the ${caller.name} app.` };
  return { ok: true, userId: verified.userId };
}

/** Marks the person's connections "Needs reconnecting"; answers their ids. */
async function holdConnectionsOf(caller: CallingApp, userId: string): Promise<string[]> {
  const ids = await connectionsOfNetworkUser([...caller.networks], userId);
  for (const id of ids) await needsReconnect(id as CallingApp["networks"][number], caller.reason);
  return ids;
}

/** The person removed the studio: their connections need reconnecting and the Admins are told. */
export async function deauthorize(caller: CallingApp, signedRequest: string | null): Promise<{ ok: true; connections: number } | Refusal> {
  const person = await personOf(caller, signedRequest);
  if (!person.ok) return person;
  return { ok: true, connections: (await holdConnectionsOf(caller, person.userId)).length };
}

/**
 * The person asked for their data to be deleted: as deauthorize, then their connections' tokens and
 * account details (and any account choice offered to them) go. Members' posts and content stay.
 * Answers what Meta expects: the status page's address and the confirmation code.
 */
export async function deleteData(
  caller: CallingApp,
  signedRequest: string | null,
  now = new Date(),
): Promise<{ ok: true; url: string; confirmationCode: string } | Refusal> {
  const person = await personOf(caller, signedRequest);
  if (!person.ok) return person;
  const ids = await holdConnectionsOf(caller, person.userId);
  for (const id of ids) await forgetConnectionSecrets(id);
  const choices = await forgetAccountChoicesOf([...caller.networks], person.userId);
  const code = await recordDataDeletion(now);
  await recordAudit(
    {
      actor: { kind: "external", id: null, name: `${caller.name} (data deletion request)` },
      action: "connection.data-deleted",
      object: { type: "data-deletion", id: code, title: `Deletion ${code}` },
      after: { connections: ids, choices },
    },
    undefined,
    now,
  );
  return { ok: true, url: `${studioOrigin()}${metaDeletionStatusPath(code)}`, confirmationCode: code };
}

export async function deletionStatus(code: string) {
  return code ? dataDeletionByCode(code) : null;
}

// The signed_request of the callbacks' form bodies, and the two answers each app expects.
const MAX_BYTES = 16 * 1024;

/** The signed_request of a callback's form body; null when there is none (or the body is too long). */
export async function signedRequestOf(request: Request): Promise<string | null> {
  const text = await request.text();
  if (text.length > MAX_BYTES) return null;
  return new URLSearchParams(text).get("signed_request");
}

/** What a GET (or any method but POST) to a Meta callback gets: they are only ever posted to. */
export function postOnly() {
  return new Response("Meta posts here.", { status: 405, headers: { Allow: "POST", "Content-Type": "text/plain" } });
}

/**
 * A callback is signed with the app of each workspace the person connected through (decision 073):
 * it is handled in every workspace whose app's secret verifies it; the first such answer is Meta's.
 */
async function inSigningWorkspaces<R extends { ok: boolean }>(work: () => Promise<R>): Promise<R> {
  let answer: R | null = null;
  for (const { id } of await listWorkspaces()) {
    const result = await withWorkspace(id, work);
    if (result.ok ? !answer?.ok : !answer) answer = result;
  }
  return answer ?? work();
}

/** Deauthorize (Meta) or Uninstall (Threads): the person removed the app. */
export async function answerDeauthorize(caller: CallingApp, request: Request) {
  if (request.method !== "POST") return postOnly();
  const signed = await signedRequestOf(request);
  const result = await inSigningWorkspaces(() => deauthorize(caller, signed));
  if (!result.ok) return Response.json({ error: result.error }, { status: result.status });
  return Response.json({ ok: true });
}

/** Data deletion (Meta) or Delete (Threads): answers `{ url, confirmation_code }`, the url a status page. */
export async function answerDataDeletion(caller: CallingApp, request: Request) {
  if (request.method !== "POST") return postOnly();
  const signed = await signedRequestOf(request);
  const result = await inSigningWorkspaces(() => deleteData(caller, signed));
  if (!result.ok) return Response.json({ error: result.error }, { status: result.status });
  return Response.json({ url: result.url, confirmation_code: result.confirmationCode });
}
