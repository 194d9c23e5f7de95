// Scheduled publishing and channel-post delivery, one loop per process (safe in several: publishDue
// and the delivery claim each row under a lease, decision 069). It
// sleeps until the next scheduled time, capped at a minute; scheduling or cancelling here wakes it,
// and at the cap it queries again only if someone committed meanwhile (the content version, decisions 016 and 026).
import { nextScheduledAt, publishDue } from "~/models/publish-schedule.server";
import { deliverDueChannelPosts, nextChannelPostDue } from "~/services/channel-delivery.server";
import { postsOnPublish } from "~/services/publish-posts.server";
import { wakePublishScheduler } from "~/db/wake.server";
import { startJobLoop, type JobLoop } from "./job-loop.server";
import { chainApproves, markMissedPosts, nextMissable, nextReminderAt, remindApprovers } from "~/services/approvals.server";

export { wakePublishScheduler };

const CAP_MS = 60_000;

const earliest = (a: Date | null, b: Date | null) => (a && b ? (a < b ? a : b) : (a ?? b));

declare global {
  var __publishScheduler: JobLoop | undefined;
}

/** Starts this process's scheduler (idempotent); its timers never keep the process alive. */
export function startPublishScheduler() {
  globalThis.__publishScheduler ??= startJobLoop("schedule", { minMs: CAP_MS, maxMs: CAP_MS, unref: true }, async () => {
    // An item whose chain approval a later change undid does not go out at its time (decision 076).
    await publishDue(new Date(), (id) => postsOnPublish(id), chainApproves);
    // Before delivery: a post whose item still waits in an approval chain is missed, never sent.
    await markMissedPosts();
    await remindApprovers();
    await deliverDueChannelPosts();
    return [await nextScheduledAt(), await nextChannelPostDue(), await nextMissable(new Date()), await nextReminderAt()].reduce(
      earliest,
      null,
    );
  });
}
