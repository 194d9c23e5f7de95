import { z } from "zod";
import { CREATIVITY_LEVELS } from "~/domain/content";
import type { SettingsUpdate } from "~/models/settings-write.server";
import { GUIDELINES_MAX, KEYWORDS_MAX, THRESHOLD_MAX, THRESHOLD_MIN, type SettingsErrors, type SettingsField } from "./settings-limits";

const thresholdMessage = `Threshold must be a whole number from ${THRESHOLD_MIN} to ${THRESHOLD_MAX}.`;

function settingsSchema(toneIds: readonly string[]) {
  return z.object({
    brandToneId: z.string().refine((id) => toneIds.includes(id), "Choose one of the listed tones."),
    brandKeywords: z.string().trim().max(KEYWORDS_MAX, `Keep brand keywords to ${KEYWORDS_MAX} characters or fewer.`),
    contentGuidelines: z.string().trim().max(GUIDELINES_MAX, `Keep content guidelines to ${GUIDELINES_MAX} characters or fewer.`),
    generationThreshold: z.coerce
      .number({ invalid_type_error: thresholdMessage })
      .int(thresholdMessage)
      .min(THRESHOLD_MIN, thresholdMessage)
      .max(THRESHOLD_MAX, thresholdMessage),
    creativityLevel: z.enum(CREATIVITY_LEVELS, { errorMap: () => ({ message: `Choose one of: ${CREATIVITY_LEVELS.join(", ")}.` }) }),
    autoPublish: z.boolean(),
    autoPost: z.boolean(),
    scheduleOptimalTiming: z.boolean(),
  });
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** Reads the settings form; a checkbox counts as on when present. One message per invalid field. */
export function parseSettingsForm(form: FormData, toneIds: readonly string[]): { ok: true; data: SettingsUpdate } | { ok: false; errors: SettingsErrors } {
  const result = settingsSchema(toneIds).safeParse({
    brandToneId: text(form, "brandToneId"),
    brandKeywords: text(form, "brandKeywords"),
    contentGuidelines: text(form, "contentGuidelines"),
    generationThreshold: text(form, "generationThreshold"),
    creativityLevel: text(form, "creativityLevel"),
    autoPublish: form.has("autoPublish"),
    autoPost: form.has("autoPost"),
    scheduleOptimalTiming: form.has("scheduleOptimalTiming"),
  });
  if (result.success) return { ok: true, data: result.data };
  const errors: SettingsErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as SettingsField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
