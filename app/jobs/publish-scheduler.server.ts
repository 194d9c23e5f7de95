// Scheduled publishing and channel-post delivery, one loop per process (safe in several: publishDue
// and the delivery lease claim each row once). It
// sleeps until the next scheduled time, capped at a minute; scheduling or cancelling here wakes it,
// and at the cap it queries again only if someone committed meanwhile (the content version, decisions 016 and 026).
import { nextScheduledAt, publishDue } from "~/models/publish-schedule.server";
import { deliverDueChannelPosts, nextChannelPostDue, queueChannelPosts } from "~/services/channel-delivery.server";
import { onWake, wakePublishScheduler } from "~/db/wake.server";
import { IdleWait } from "./idle-wait.server";
import { markMissedPosts, nextMissable, nextReminderAt, remindApprovers } from "~/services/approvals.server";

export { wakePublishScheduler };

const CAP_MS = 60_000;

const earliest = (a: Date | null, b: Date | null) => (a && b ? (a < b ? a : b) : (a ?? b));

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
        await idle.mark();
        await publishDue(new Date(), (id) => queueChannelPosts(id));
        // Before delivery: a post whose item still waits in an approval chain is missed, never sent.
        await markMissedPosts();
        await remindApprovers();
        await deliverDueChannelPosts();
        next = [await nextScheduledAt(), await nextChannelPostDue(), await nextMissable(new Date()), await nextReminderAt()].reduce(
          earliest,
          null,
        );
      } catch (error) {
        console.error("Scheduled publishing failed:", error);
      }
      await idle.wait(next ? next.getTime() : Infinity);
    }
  })();
}
