// What may happen to a channel post, as pure rules: the editor's actions and the calendar's moves
// both ask here, so a drag and the picker refuse the same things with the same words.
import { CHANNEL_LABELS, measurePost, type Channel } from "./network-limits";

// "manual": no network or webhook took it; it waits for a member to post it by hand and mark it posted.
// "missed": its time came while its item waited in an approval chain; it was not sent (reschedule it).
export const POST_STATUSES = ["draft", "scheduled", "publishing", "manual", "published", "failed", "missed"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** A refusal with the field it belongs beside; kind maps to 400/409. */
export type RuleRefusal = { ok: false; kind: "invalid" | "conflict"; field: "text" | "scheduledAt" | "channel" | null; error: string };
type Check = { ok: true } | RuleRefusal;

const invalid = (field: RuleRefusal["field"], error: string): RuleRefusal => ({ ok: false, kind: "invalid", field, error });
const conflict = (field: RuleRefusal["field"], error: string): RuleRefusal => ({ ok: false, kind: "conflict", field, error });

export interface PostState {
  channel: Channel;
  status: string;
  text: string;
  link: string | null;
}

/** Text may change until the post is on its way. */
export function checkEditable(post: Pick<PostState, "status">): Check {
  if (post.status === "published") return conflict(null, "This post is already published; it can no longer change.");
  if (post.status === "publishing") return conflict(null, "This post is being sent right now; wait for it to finish.");
  return { ok: true };
}

export function checkText(channel: Channel, text: string, link: string | null): Check {
  if (!text.trim()) return invalid("text", `Write the ${CHANNEL_LABELS[channel]} post first.`);
  const measure = measurePost(channel, text, link);
  return measure.over ? invalid("text", measure.problems.join(" ")) : { ok: true };
}

/** A post may be (re)scheduled for a future time if it is not out yet and its channel is still connected. */
export function checkSchedule(post: PostState, at: Date, now: Date, connected: boolean): Check {
  const editable = checkEditable(post);
  if (!editable.ok)
    return conflict(
      "scheduledAt",
      post.status === "published" ? "This post is already published; it cannot be rescheduled." : editable.error,
    );
  if (!connected)
    return conflict("channel", `${CHANNEL_LABELS[post.channel]} is no longer connected. Connect it in Settings › Integrations first.`);
  if (Number.isNaN(at.getTime())) return invalid("scheduledAt", "That date is not valid.");
  if (at.getTime() <= now.getTime()) return invalid("scheduledAt", "Pick a time in the future.");
  return checkText(post.channel, post.text, post.link);
}

/** Retry is for a failed post only. */
export function checkRetry(post: Pick<PostState, "status">): Check {
  return post.status === "failed" ? { ok: true } : conflict(null, "Only a failed post can be retried.");
}

/** "Mark as posted" is for a post waiting to be posted by hand. */
export function checkMarkPosted(post: Pick<PostState, "status">): Check {
  if (post.status === "manual") return { ok: true };
  return conflict(
    null,
    post.status === "published" ? "This post is already published." : "Only a post ready to post by hand can be marked as posted.",
  );
}

/** Exponential backoff: base, 2×base, 4×base…; after MAX_ATTEMPTS the post is failed. */
export const MAX_ATTEMPTS = 3;
export const backoffMs = (attempt: number, baseMs: number) => baseMs * 2 ** Math.max(0, attempt - 1);

/** Keeps the time of day (in the zone's terms, by the caller) and moves the post to another day: "2026-11-30" + "09:15". */
export const moveTarget = (day: string, timeOfDay: string) => `${day}T${timeOfDay}`;

/** What a post's time means while its item is unpublished, said on its card once it is set (null once published). */
export function scheduleMeaning(item: { status: string; approvedToGo: boolean }, when: string): string | null {
  if (item.status === "published") return null;
  if (item.approvedToGo) return `At ${when} this post publishes the item too: its approval chain approved it.`;
  return `The item is not published yet. This post goes at ${when} only if the item is published by then; otherwise it is marked missed.`;
}
