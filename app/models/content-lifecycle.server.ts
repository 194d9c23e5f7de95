import { prisma } from "~/db.server";
import { checkTransition, TRANSITIONS, type TransitionName } from "~/domain/lifecycle";
import { logActivity } from "./content-write.server";
import { notify } from "./notification.server";

export type TransitionResult = { ok: true; status: string } | { ok: false; status: 403 | 404 | 409; error: string };

const ACTIVITY_TYPE: Record<TransitionName, string> = {
  submit: "collaborate",
  requestChanges: "collaborate",
  approve: "publish",
  unpublish: "publish",
  archive: "edit",
  restore: "edit",
};

/** Moves an item through its lifecycle if the rules allow, logs it, and tells who should hear. */
export async function transitionContent(id: string, name: TransitionName, user: { id: string; role: string; name: string }, now = new Date()): Promise<TransitionResult> {
  const result = await prisma.$transaction(async (tx) => {
    const item = await tx.contentItem.findUnique({ where: { id }, select: { title: true, status: true, authorId: true } });
    if (!item) return { ok: false, status: 404, error: "That content item does not exist." } as const;
    const check = checkTransition(user, item, name);
    if (!check.ok) return check;
    // The status in the where clause makes a concurrent move lose cleanly instead of both applying.
    const moved = await tx.contentItem.updateMany({
      where: { id, status: item.status },
      data: { status: check.to, ...(check.to === "published" ? { publishedAt: now } : {}), updatedAt: now },
    });
    if (moved.count === 0) return { ok: false, status: 409, error: "Someone else changed this item's status just now. Reload to see it." } as const;
    await logActivity(tx, { type: ACTIVITY_TYPE[name], action: TRANSITIONS[name].done, target: item.title, userId: user.id, contentId: id });
    return { ok: true, status: check.to, title: item.title } as const;
  });
  if (!result.ok) return result;
  if (name === "submit") await notify("review_requested", { actorId: user.id, contentId: id, message: `${user.name} submitted “${result.title}” for review`, now });
  if (name === "approve") await notify("published", { actorId: user.id, contentId: id, message: `${user.name} approved and published “${result.title}”`, now });
  if (name === "requestChanges") await notify("comment", { actorId: user.id, contentId: id, message: `${user.name} asked for changes to “${result.title}”`, now });
  return { ok: true, status: result.status };
}
