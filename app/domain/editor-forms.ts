import { z } from "zod";
import { MAX_BODY, MAX_BODY_MESSAGE } from "./editor-limits";
import { isTransitionName } from "./lifecycle";

/** The editor's actions, one schema per intent. */
export const CommentSchema = z.object({
  id: z.string().min(1),
  comment: z.string().trim().min(1, "Write a comment first.").max(2000, "Comments are limited to 2,000 characters."),
  /** A reply names the comment it answers. */
  parentId: z.string().min(1).optional(),
  /** A comment on a passage: the passage's text and where it is (opaque JSON the editor made). */
  quote: z.string().trim().max(1000, "Select a shorter passage (at most 1,000 characters).").optional(),
  anchor: z.string().max(4000, "That selection cannot be anchored.").optional(),
});

export const ResolveSchema = z.object({
  id: z.string().min(1),
  commentId: z.string().min(1),
  resolved: z.enum(["true", "false"]),
  note: z.string().trim().max(500, "Keep the note to 500 characters.").optional(),
});

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

/** The editor's autosave (and the assistant's accepted proposals): the text against the version it was made from. */
export const AutosaveSchema = z.object({
  version: z.coerce
    .number({ invalid_type_error: "The version must be a number." })
    .int()
    .positive("The version must be a positive number."),
  body: z.string({ required_error: "The text is missing." }).max(MAX_BODY, MAX_BODY_MESSAGE).optional(),
  restore: z.string().min(1).optional(),
  /** Set when the writer accepted the assistant's proposal: the save becomes its own labelled revision. */
  label: z.enum(["enhanced", "drafted"], { errorMap: () => ({ message: "Unknown revision label." }) }).optional(),
  /** Sent by a live editor: the text its change was made from, merged instead of checked by version. */
  base: z.string().max(MAX_BODY, MAX_BODY_MESSAGE).optional(),
});

/** Cut a revision of what was typed live so far (History opened). */
export const CheckpointSchema = z.object({ id: z.string({ required_error: "Choose an item." }).min(1, "Choose an item.") });

/** The editor's presence beat and leave. */
export const PresenceSchema = z.object({ contentId: z.string().min(1, "Which item?").max(64) });

/** Bring back an earlier version, confirmed by the member (the no-script form; scripts use the save route). */
export const RestoreSchema = z.object({
  id: z.string().min(1, "Choose an item."),
  revision: z.string({ required_error: "Choose a version to restore." }).min(1, "Choose a version to restore."),
  version: z.coerce
    .number({ invalid_type_error: "The version must be a number." })
    .int()
    .positive("The version must be a positive number."),
});
