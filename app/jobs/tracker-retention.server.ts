// Once an hour: deletes raw tracker events past their retention (Settings › Website, default 90 days;
// the daily figures they were rolled into stay) and audit log rows past theirs (Settings › Audit log,
// default 365 days, decision 043). An hourly timer and nothing else: idle means idle (decision 016).
import { pruneAuditLog } from "~/models/audit.server";
import { pruneRawEvents, trackerOptions } from "~/models/tracking.server";

const HOUR = 3_600_000;

export function startTrackerRetention(): { stop(): void } {
  const run = async () => {
    try {
      await pruneRawEvents(new Date(), (await trackerOptions()).retentionDays);
    } catch (error) {
      console.error("tracker retention:", error);
    }
    try {
      await pruneAuditLog(new Date());
    } catch (error) {
      console.error("audit retention:", error);
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
