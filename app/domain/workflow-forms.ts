import { z } from "zod";
import { CONTENT_TYPES } from "./content";
import { AGENT_TYPES } from "./workflow";

export const BRIEF_TITLE_MAX = 200;
export const BRIEF_MAX = 5000;
export const AGENT_NAME_MAX = 60;
const CANVAS_MAX = 4000;

export const briefForm = z.object({
  title: z.string().trim().min(1, "Give the brief a title.").max(BRIEF_TITLE_MAX, `Keep the title under ${BRIEF_TITLE_MAX} characters.`),
  type: z.enum(CONTENT_TYPES, { message: "Choose a content type." }),
  brief: z.string().trim().min(1, "Say what the piece should cover.").max(BRIEF_MAX, `Keep the brief under ${BRIEF_MAX} characters.`),
});

export const addAgentForm = z.object({
  type: z.enum(AGENT_TYPES, { message: "Choose what the agent does." }),
  name: z.string().trim().min(1, "Name the agent.").max(AGENT_NAME_MAX, `Keep the name under ${AGENT_NAME_MAX} characters.`),
  // Empty: first in the pipeline.
  after: z
    .string()
    .trim()
    .transform((v) => v || null),
});

export const moveForm = z.object({
  id: z.string().min(1),
  x: z.coerce.number().int().min(0).max(CANVAS_MAX),
  y: z.coerce.number().int().min(0).max(CANVAS_MAX),
});

export const runForm = z.object({ runId: z.string().trim().min(1, "Which run?") });

export const queueContentForm = z.object({
  contentId: z.string({ required_error: "Choose an item to queue." }).trim().min(1, "Choose an item to queue."),
});
