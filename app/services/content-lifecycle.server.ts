import { prisma } from "~/db/db.server";
import { meetsThreshold, scoreLocal } from "~/domain/assistant/score";
import { checkTransition, belowThresholdMessage, TRANSITIONS, type ScoreAtMove, type TransitionName } from "~/domain/lifecycle";
import { getBrandVoice } from "~/models/assistant.server";
import { logActivity } from "~/models/content-write.server";
import { notify } from "~/models/notification.server";
import { flushDocument, reauthorize } from "./collaboration.server";
import { wakePublishScheduler } from "~/db/wake.server";
import { queueChannelPosts } from "./channel-delivery.server";

export type { ScoreAtMove };

export type TransitionResult =
  | { ok: true; status: string; voice: ScoreAtMove | null }
  | { ok: false; kind: "forbidden" | "not-found" | "conflict"; error: string; belowThreshold?: ScoreAtMove };

const ACTIVITY_TYPE: Record<TransitionName, string> = {
  submit: "collaborate",
  requestChanges: "collaborate",
  approve: "publish",
  unpublish: "publish",
  archive: "edit",
  restore: "edit",
};

/** Moves an item through its lifecycle if the rules allow, logs it, and tells who should hear. */
export async function transitionContent(
  id: string,
  name: TransitionName,
  user: { id: string; role: string; name: string },
  now = new Date(),
  options: { override?: boolean } = {},
): Promise<TransitionResult> {
  // Submitting shows the score; approving below the threshold needs an explicit override (approvers only).
  const voice = name === "submit" || name === "approve" ? await getBrandVoice() : null;
  // A status change cuts a revision of what was typed until now (decision 022).
  await flushDocument(id);
  const result = await prisma.$transaction(async (tx) => {
    const item = await tx.contentItem.findUnique({ where: { id }, select: { title: true, status: true, authorId: true, body: true } });
    if (!item) return { ok: false, kind: "not-found", error: "That content item does not exist." } as const;
    const check = checkTransition(user, item, name);
    if (!check.ok) return check;
    const scored = voice ? { score: scoreLocal(item.body, voice).score, threshold: voice.threshold } : null;
    const overridden = name === "approve" && scored !== null && !meetsThreshold(scored.score, scored);
    if (overridden && !options.override)
      return { ok: false, kind: "conflict", error: belowThresholdMessage(scored), belowThreshold: scored } as const;
    // The status in the where clause makes a concurrent move lose cleanly instead of both applying.
    const moved = await tx.contentItem.updateMany({
      where: { id, status: item.status },
      data: { status: check.to, ...(check.to === "published" ? { publishedAt: now } : {}), updatedAt: now },
    });
    if (moved.count === 0)
      return { ok: false, kind: "conflict", error: "Someone else changed this item's status just now. Reload to see it." } as const;
    const action = overridden
      ? `${TRANSITIONS[name].done}, overriding the brand-voice threshold (score ${scored.score} of ${scored.threshold})`
      : TRANSITIONS[name].done;
    await logActivity(tx, { type: ACTIVITY_TYPE[name], action, target: item.title, userId: user.id, contentId: id });
    return { ok: true, status: check.to, title: item.title, scored } as const;
  });
  if (!result.ok) return result;
  reauthorize(id);
  if (name === "submit")
    await notify("review_requested", {
      actorId: user.id,
      contentId: id,
      message: `${user.name} submitted “${result.title}” for review`,
      now,
    });
  if (result.status === "published") {
    await queueChannelPosts(id, now);
    wakePublishScheduler();
  }
  if (name === "approve")
    await notify("published", { actorId: user.id, contentId: id, message: `${user.name} approved and published “${result.title}”`, now });
  if (name === "requestChanges")
    await notify("comment", { actorId: user.id, contentId: id, message: `${user.name} asked for changes to “${result.title}”`, now });
  return { ok: true, status: result.status, voice: result.scored };
}
