import { z } from "zod";

/** The Channels panel's and the calendar's actions, one schema per intent. */
const postId = z.string({ required_error: "Choose a channel post." }).min(1, "Choose a channel post.").max(64);

export const CreateVariantsSchema = z.object({ id: z.string().min(1, "Choose an item.").max(64) });

export const PostTextSchema = z.object({ postId, text: z.string().max(70_000, "That text is far too long for any network.") });

export const SchedulePostSchema = z.object({
  postId,
  /** A datetime-local value in the team's zone; "best" uses the best slot instead. */
  scheduledAt: z.string().max(40).optional().default(""),
  when: z.enum(["picked", "best"]).optional().default("picked"),
  override: z.enum(["true", "false"]).optional(),
});

export const PostOnlySchema = z.object({ postId });

/** The calendar's "Move to…": another day, same time of day. */
export const MovePostSchema = z.object({
  postId,
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Pick a day like 2026-12-01."),
  /** "Move anyway": an Editor's or Admin's explicit override of the brand-voice threshold, as in the editor. */
  override: z.enum(["true", "false"]).optional(),
});

/** "Mark as posted": the address of the post on the network, as the member copied it. */
export const MarkPostedSchema = z.object({
  postId,
  url: z
    .string({ required_error: "Paste the post's address." })
    .trim()
    .min(1, "Paste the post's address.")
    .max(2000, "Use at most 2,000 characters.")
    .url("Paste the full address, like https://x.com/yourbrand/status/123.")
    .refine((u) => /^https?:\/\//i.test(u), "The address must start with http:// or https://."),
});
