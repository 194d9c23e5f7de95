// Pulls the networks' counts per post when they are due (decision 050), one loop per process (safe
// in several: the lease claims each pull once). It sleeps until the next due pull and wakes early when
// anyone commits (a post published, a channel reconnected): reading the content version costs
// microseconds, so idle stays idle (decision 016).
import { nextFiguresDue, pullDueFigures } from "~/services/post-figures.server";
import { IdleWait } from "./idle-wait.server";

declare global {
  var __figuresPuller: IdleWait | undefined;
}

/** Starts this process's puller (idempotent); its timers never keep the process alive. */
export function startFiguresPuller() {
  if (globalThis.__figuresPuller) return;
  const idle = (globalThis.__figuresPuller = new IdleWait({ minMs: 1000, maxMs: 4000, unref: true }));
  void (async () => {
    for (;;) {
      let next: Date | null = null;
      try {
        idle.mark();
        await pullDueFigures();
        next = await nextFiguresDue();
      } catch (error) {
        console.error("Pulling network figures failed:", error);
      }
      await idle.wait(next ? next.getTime() : Infinity);
    }
  })();
}
