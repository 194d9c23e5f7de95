// Once an hour: deletes raw tracker events past their retention (Settings › Website, default 90 days;
// the daily figures they were rolled into stay) and audit log rows past theirs (Settings › Audit log,
// default 365 days, decision 043). A job loop like the others (decision 069) that ignores commits: it
// sleeps until its hour is up, so idle means idle (decision 016).
import { pruneAuditLog } from "~/models/audit.server";
import { longestRetentionDays, pruneRawEvents } from "~/models/tracking.server";
import { startJobLoop } from "./job-loop.server";

const HOUR = 3_600_000;
/** The first run waits a minute, so a starting server does its own work first. */
const FIRST_AFTER_MS = 60_000;

export function startTrackerRetention(): { stop(): void } {
  let dueAt = Date.now() + FIRST_AFTER_MS;
  return startJobLoop("retention", { minMs: HOUR, maxMs: HOUR, unref: true, version: () => 0 }, async () => {
    if (Date.now() < dueAt) return new Date(dueAt);
    dueAt = Date.now() + HOUR;
    try {
      await pruneRawEvents(new Date(), await longestRetentionDays());
    } catch (error) {
      console.error("tracker retention:", error);
    }
    try {
      await pruneAuditLog(new Date());
    } catch (error) {
      console.error("audit retention:", error);
    }
    return new Date(dueAt);
  });
}
