// Remix's server entry: renders pages as a stream (bots get the whole page at once), and gives
// server.mjs the process's background jobs: the workflow runner and scheduled publishing.
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable, type EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ensureDatabaseReady } from "~/db.server";
import { startPublishScheduler as startScheduler } from "~/models/publish-schedule.server";
import { startWorkflowRunner as startRunner } from "~/models/workflow-runner.server";

const ABORT_AFTER_MS = 5000;

export default function handleRequest(request: Request, status: number, headers: Headers, remixContext: EntryContext) {
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  return new Promise<Response>((resolve, reject) => {
    let shellReady = false;
    const ready = () => {
      shellReady = true;
      const body = new PassThrough();
      headers.set("Content-Type", "text/html");
      resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(<RemixServer context={remixContext} url={request.url} abortDelay={ABORT_AFTER_MS} />, {
      onShellReady: waitForAll ? undefined : ready,
      onAllReady: waitForAll ? ready : undefined,
      onShellError: reject,
      onError(error) {
        status = 500;
        // Errors before the shell reach onShellError; later ones only need logging.
        if (shellReady) console.error(error);
      },
    });
    setTimeout(abort, ABORT_AFTER_MS + 1000);
  });
}

/** Called once by server.mjs at boot: the runner resumes any run a restart interrupted. */
export async function startWorkflowRunner() {
  await ensureDatabaseReady();
  return startRunner();
}

/** Called once by server.mjs at boot: publishes scheduled items when their time comes (safe in several processes). */
export async function startPublishScheduler() {
  await ensureDatabaseReady();
  startScheduler();
}
