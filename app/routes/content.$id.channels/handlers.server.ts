import { createOnce, type ActionInput } from "~/web/action.server";
import { countOfBatch } from "~/models/idempotency.server";
import { requireEditableItem, requireEditablePost } from "~/web/authorize.server";
import { CreateVariantsSchema, MarkPostedSchema, PostOnlySchema, PostTextSchema, SchedulePostSchema } from "~/domain/channel-forms";
import { invalid, ok, fail } from "~/web/reply.server";
import { bestSlotLocal } from "~/services/channel-calendar.server";
import {
  createVariants,
  markPostedByHand,
  retryPost,
  schedulePost,
  unschedulePost,
  updatePostText,
  type PostRefusal,
} from "~/services/channel-posts.server";

/** A refusal beside its field, with the post it is about so the panel shows it on the right card. */
const refusedPost = (r: PostRefusal, intent: string, postId: string | null) =>
  fail(r.kind, r.error, r.field ? { [r.field]: r.error } : {}, {
    intent,
    postId,
    belowThreshold: "belowThreshold" in r ? r.belowThreshold : null,
  });

/** Each handler starts with the edit check: who may edit the item may plan and change its posts. */
const editablePost = (user: ActionInput["user"], intent: string, postId: string | undefined) =>
  requireEditablePost(user, postId, { intent, postId: postId ?? null, belowThreshold: null });

const createdPosts = (created: number) =>
  ok({
    intent: "create",
    postId: null,
    message: created ? `Created ${created} channel posts.` : "Every channel already has a post.",
  });

/** Sent again with its key, it answers with the posts the first made. */
export const create = createOnce(
  async ({ user, fields }: ActionInput) => {
    await requireEditableItem(user, fields.id, { intent: "create", postId: null, belowThreshold: null });
    const parsed = CreateVariantsSchema.safeParse(fields);
    if (!parsed.success) return invalid(parsed.error, undefined, { intent: "create", postId: null });
    const result = await createVariants(parsed.data.id, user);
    if (!result.ok) return refusedPost(result, "create", null);
    return createdPosts(result.created ?? 0);
  },
  (batch) => createdPosts(countOfBatch(batch)),
);

export async function text({ user, fields }: ActionInput) {
  await editablePost(user, "text", fields.postId);
  const parsed = PostTextSchema.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error, undefined, { intent: "text", postId: fields.postId ?? null });
  const result = await updatePostText(parsed.data.postId, parsed.data.text, user);
  if (!result.ok) return refusedPost(result, "text", parsed.data.postId);
  return ok({ intent: "text", postId: parsed.data.postId, message: "Saved." });
}

export async function schedule({ user, fields }: ActionInput) {
  await editablePost(user, "schedule", fields.postId);
  const parsed = SchedulePostSchema.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error, undefined, { intent: "schedule", postId: fields.postId ?? null });
  const { postId, when, override } = parsed.data;
  const local = when === "best" ? await bestSlotLocal() : parsed.data.scheduledAt;
  if (!local)
    return fail(
      "invalid",
      "There is no best time to post yet; pick a time.",
      { scheduledAt: "Pick a date and time." },
      { intent: "schedule", postId, belowThreshold: null },
    );
  const result = await schedulePost(postId, local, user, { override: override === "true" });
  if (!result.ok) return refusedPost(result, "schedule", postId);
  return ok({ intent: "schedule", postId, message: "Scheduled." });
}

export async function unschedule({ user, fields }: ActionInput) {
  await editablePost(user, "unschedule", fields.postId);
  const parsed = PostOnlySchema.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error, undefined, { intent: "unschedule", postId: null });
  const result = await unschedulePost(parsed.data.postId, user);
  if (!result.ok) return refusedPost(result, "unschedule", parsed.data.postId);
  return ok({ intent: "unschedule", postId: parsed.data.postId, message: "Back to draft." });
}

export async function retry({ user, fields }: ActionInput) {
  await editablePost(user, "retry", fields.postId);
  const parsed = PostOnlySchema.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error, undefined, { intent: "retry", postId: null });
  const result = await retryPost(parsed.data.postId, user);
  if (!result.ok) return refusedPost(result, "retry", parsed.data.postId);
  return ok({ intent: "retry", postId: parsed.data.postId, message: "Sending again." });
}

export async function posted({ user, fields }: ActionInput) {
  await editablePost(user, "posted", fields.postId);
  const parsed = MarkPostedSchema.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error, undefined, { intent: "posted", postId: fields.postId ?? null });
  const result = await markPostedByHand(parsed.data.postId, parsed.data.url, user);
  if (!result.ok) return refusedPost(result, "posted", parsed.data.postId);
  return ok({ intent: "posted", postId: parsed.data.postId, message: "Marked as posted." });
}
