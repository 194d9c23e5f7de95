// Scheduled publishing, one loop per process (safe in several: publishDue claims each row once). It
// sleeps until the next scheduled time, capped at a minute; scheduling or cancelling here wakes it,
// and at the cap it queries again only if someone committed meanwhile (data_version, decision 016).
import { nextScheduledAt, publishDue } from "~/models/publish-schedule.server";
import { onWake, wakePublishScheduler } from "~/wake.server";
import { IdleWait } from "./idle-wait.server";

export { wakePublishScheduler };

const CAP_MS = 60_000;

declare global {
  var __publishScheduler: IdleWait | undefined;
}

/** Starts this process's scheduler (idempotent); its timers never keep the process alive. */
export function startPublishScheduler() {
  if (globalThis.__publishScheduler) return;
  const idle = (globalThis.__publishScheduler = new IdleWait({ minMs: CAP_MS, maxMs: CAP_MS, unref: true }));
  onWake("schedule", () => idle.nudge());
  void (async () => {
    for (;;) {
      let next: Date | null = null;
      try {
        idle.mark();
        await publishDue();
        next = await nextScheduledAt();
      } catch (error) {
        console.error("Scheduled publishing failed:", error);
      }
      await idle.wait(next ? next.getTime() : Infinity);
    }
  })();
}
