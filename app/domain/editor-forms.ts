import { z } from "zod";
import { MAX_BODY, MAX_BODY_MESSAGE } from "./editor-limits";
import { isTransitionName } from "./lifecycle";

/** The editor's actions, one schema per intent. */
export const CommentSchema = z.object({
  id: z.string().min(1),
  comment: z.string().trim().min(1, "Write a comment first.").max(2000, "Comments are limited to 2,000 characters."),
});

export const ResolveSchema = z.object({ id: z.string().min(1), commentId: z.string().min(1), resolved: z.enum(["true", "false"]) });

export const TransitionSchema = z.object({
  id: z.string().min(1),
  transition: z.string().refine(isTransitionName, "Unknown status change."),
  override: z.enum(["true", "false"]).optional(),
});

export const ScheduleSchema = z.object({
  id: z.string({ required_error: "Choose an item to schedule." }).min(1, "Choose an item to schedule."),
});

/** The editor's text saved by a plain form post (no scripts), checked against the version it was loaded at. */
export const PlainSaveSchema = z.object({
  id: z.string().min(1),
  version: z.coerce
    .number({ invalid_type_error: "The version must be a number." })
    .int()
    .positive("The version must be a positive number."),
  body: z.string({ required_error: "The text is missing." }).max(MAX_BODY, MAX_BODY_MESSAGE),
});
