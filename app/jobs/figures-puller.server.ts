// Pulls the networks' counts per post when they are due (decision 050), one loop per process (safe
// in several: the lease claims each pull once, decision 069). It sleeps until the next due pull and
// wakes early on a nudge or when anyone commits (a post published, a channel reconnected): reading the
// content version costs microseconds, so idle stays idle (decision 016).
import { nextFiguresDue, pullDueFigures } from "~/services/post-figures.server";
import { startJobLoop, type JobLoop } from "./job-loop.server";

declare global {
  var __figuresPuller: JobLoop | undefined;
}

/** Starts this process's puller (idempotent); its timers never keep the process alive. */
export function startFiguresPuller() {
  globalThis.__figuresPuller ??= startJobLoop("figures", { minMs: 1000, maxMs: 4000, unref: true }, async () => {
    await pullDueFigures();
    return nextFiguresDue();
  });
}
