import { z } from "zod";
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

/** Cut a revision of what was typed live so far (History opened). */
export const CheckpointSchema = z.object({ id: z.string({ required_error: "Choose an item." }).min(1, "Choose an item.") });
