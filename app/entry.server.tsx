import { acrossWorkspaces } from "~/db/workspace-scope.server";
import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/components/ui/nonce";
import { ensureDatabaseReady } from "~/db/db.server";
import { restoreMastodonConsent } from "~/services/network-connect.server";
import { startPublishScheduler as startScheduler } from "~/jobs/publish-scheduler.server";
import { startFiguresPuller } from "~/jobs/figures-puller.server";
import { startWorkflowRunner as startRunner } from "~/jobs/workflow-runner.server";
import { startTrackerRetention as startRetention } from "~/jobs/tracker-retention.server";
import { startAuditHeadPoster as startHeadPoster } from "~/jobs/audit-head-poster.server";

const ABORT_DELAY = 5_000;

// Remix's default Node entry, plus the CSP nonce (the Express server makes one per request and sends the header)
// on every script Remix and React write, and no caching of signed-in pages. It also gives the Express server
// the process's background jobs: the workflow runner and scheduled publishing.
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const ready = () => {
      shellRendered = true;
      const body = new PassThrough();
      headers.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          if (!waitForAll) ready();
        },
        onAllReady() {
          // Done: drop the abort timer, which would otherwise keep this render's state alive for 5 s.
          clearTimeout(timer);
          if (waitForAll) ready();
        },
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    const timer = setTimeout(abort, ABORT_DELAY);
  });
}

/** Logs server errors, but not a missing page or a request the browser gave up on. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status === 404)) return;
  console.error(error);
}

// What server/ uses besides Remix's handlers, through server/studio-entry.ts only (decision 036).

/** For the server's page cache (decisions 012, 026): its content and traffic versions, and the render observer. */
export { contentVersion } from "~/models/data-revision.server";
export { trafficVersion } from "~/models/event-commit.server";
export { observePageReads } from "~/db/page-reads.server";

/** Called once by server/studio.ts at boot: the runner resumes any run a restart interrupted. */
export async function startWorkflowRunner() {
  await ensureDatabaseReady();
  return startRunner();
}

/**
 * Called once by server/studio.ts at boot: publishes scheduled items when their time comes, and pulls
 * the networks' figures per post when they are due (both safe in several processes).
 */
export async function startPublishScheduler() {
  await ensureDatabaseReady();
  startScheduler();
  startFiguresPuller();
}

/** Called once by server/studio.ts at boot: with REDIS_URL, nudges reach the other replicas' loops (null without). */
export { startWakeRelay } from "~/jobs/wake-relay.server";

/** For server/collaboration-socket.ts: the session behind a WebSocket's cookie and the co-editing documents (decision 022). */
export { collaborationEntry } from "~/services/collaboration.server";

/** The tracker's endpoints (server/collect.ts, decision 021), and what the server's stop waits for (decision 036). */
export { collectEvent, collectPixel, mayCollectFrom } from "~/services/tracking.server";
export { drainEvents } from "~/models/event-commit.server";

/** The networks' consent pages CSP's form-action allows (server/app.ts sets the header from this copy's state). */
export { consentOrigins } from "~/adapters/networks/endpoints.server";

/** For server/studio.ts: each request and socket starts with no workspace, and takes its member's (decision 073). */
export { withRequestScope } from "~/db/workspace-scope.server";

/** Called once by server/studio.ts at boot: the Mastodon instances the workspaces registered on are allowed again. */
export async function loadNetworkConsent() {
  await ensureDatabaseReady();
  // A database not migrated yet has no instance to restore: the server still starts (and says why it cannot serve).
  await acrossWorkspaces(restoreMastodonConsent).catch((error: Error) => {
    console.error(`The registered Mastodon instance was not read: ${error.message.trim().split("\n").pop()}`);
  });
}

/** Called once by server/studio.ts at boot: deletes raw tracker events and audit rows past their retention, hourly. */
export function startTrackerRetention() {
  return startRetention();
}

/** Called once by server/studio.ts at boot: posts the audit chain's head to its address once a day (decision 075). */
export function startAuditHeadPoster() {
  return startHeadPoster();
}
