// Deletes raw tracker events past the retention (Settings › Website, default 90 days) once an hour.
// The daily figures they were rolled into stay. An hourly timer and nothing else: idle means idle (decision 016).
import { pruneRawEvents, trackerOptions } from "~/models/tracking.server";

const HOUR = 3_600_000;

export function startTrackerRetention(): { stop(): void } {
  const run = () => {
    try {
      pruneRawEvents(new Date(), trackerOptions().retentionDays);
    } catch (error) {
      console.error("tracker retention:", error);
    }
  };
  const first = setTimeout(run, 60_000);
  const timer = setInterval(run, HOUR);
  first.unref();
  timer.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
