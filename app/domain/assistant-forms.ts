import { z } from "zod";
import { GENERATE_PURPOSES } from "./assistant/stream-events";

/** AI Enhance / AI Draft in the editor. */
export const GenerateSchema = z.object({
  id: z.string().min(1, "Choose a content item."),
  purpose: z.enum(GENERATE_PURPOSES, { errorMap: () => ({ message: "Ask for enhance or draft." }) }),
  text: z.string().optional(),
  brief: z.string().trim().max(4000, "Keep the brief under 4,000 characters.").optional(),
});

/** The editor's live check. */
export const CheckSchema = z.object({ text: z.string().default("") });
