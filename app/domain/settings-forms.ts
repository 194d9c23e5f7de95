import { z } from "zod";
import { isTimeZone } from "~/domain/channels/team-time";
import { CREATIVITY_LEVELS } from "~/domain/content";
import { NOTIFICATION_EVENTS, type NotificationEvent } from "~/domain/notifications";
import {
  GUIDELINES_MAX,
  TEAM_NAME_MAX,
  KEYWORDS_MAX,
  THRESHOLD_MAX,
  THRESHOLD_MIN,
  type SettingsErrors,
  type SettingsField,
  type SettingsUpdate,
} from "~/domain/settings-limits";
import { SECTION_FIELDS, isSettingsSection, type SettingsSection } from "~/domain/settings-sections";

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
    teamName: z.string().trim().max(TEAM_NAME_MAX, `Keep the team name to ${TEAM_NAME_MAX} characters or fewer.`),
    timeZone: z.string().refine(isTimeZone, "Choose a timezone from the list, such as Europe/London."),
    siteUrl: z
      .string()
      .trim()
      .refine((v) => v === "" || /^https?:\/\/[^\s/]+\.[^\s]*$/i.test(v), "Enter the site's address, like https://blog.example.com.")
      .transform((v) => v.replace(/\/+$/, "")),
    utmTagging: z.boolean(),
    // Like an integration's webhook (integration-forms.ts); blank keeps the stored one (it is never shown).
    websiteWebhookUrl: z
      .string()
      .trim()
      .max(2000, "Use at most 2,000 characters.")
      .refine((v) => v === "" || z.string().url().safeParse(v).success, "Enter a full URL, like https://hooks.example.com/publish.")
      .refine((v) => v === "" || /^https?:\/\//i.test(v), "The webhook must be an http or https URL."),
    websiteWebhookSecret: z.string().max(200, "Use at most 200 characters."),
    websiteWebhookClear: z.boolean(),
  });
}

/** The website webhook's fields as an update: blank keeps what is stored, "remove" clears both. */
function websiteWebhookUpdate(data: Record<string, unknown>): Record<string, unknown> {
  if (!("websiteWebhookClear" in data)) return data;
  const { websiteWebhookClear, websiteWebhookUrl, websiteWebhookSecret, ...rest } = data;
  if (websiteWebhookClear) return { ...rest, websiteWebhookUrl: "", websiteWebhookSecret: "" };
  return {
    ...rest,
    ...(websiteWebhookUrl ? { websiteWebhookUrl } : {}),
    ...(websiteWebhookSecret ? { websiteWebhookSecret } : {}),
  };
}

const CHECKBOXES = new Set<SettingsField>(["autoPublish", "autoPost", "scheduleOptimalTiming", "utmTagging", "websiteWebhookClear"]);

function read(form: FormData, field: SettingsField) {
  if (CHECKBOXES.has(field)) return form.has(field);
  const value = form.get(field);
  return typeof value === "string" ? value : "";
}

export interface ParsedSettings {
  sections: SettingsSection[];
  settings: Partial<SettingsUpdate>;
  notifications: Record<NotificationEvent, boolean> | null;
}

/** The sections the form says it carries (hidden `section` inputs), de-duplicated. */
export function sectionsOf(form: FormData): SettingsSection[] {
  return [...new Set(form.getAll("section").filter(isSettingsSection))];
}

/**
 * Reads only the sections present; a checkbox counts as on when present.
 * One message per invalid field.
 */
export function parseSettingsForm(
  form: FormData,
  toneIds: readonly string[],
): { ok: true; data: ParsedSettings } | { ok: false; errors: SettingsErrors } {
  const sections = sectionsOf(form);
  const fields = sections.flatMap((s) => (s === "notifications" ? [] : SECTION_FIELDS[s]));
  const mask = Object.fromEntries(fields.map((f) => [f, true])) as Partial<Record<SettingsField, true>>;
  const result = settingsSchema(toneIds)
    .pick(mask)
    .safeParse(Object.fromEntries(fields.map((f) => [f, read(form, f)])));
  if (!result.success) {
    const errors: SettingsErrors = {};
    for (const issue of result.error.issues) errors[issue.path[0] as SettingsField] ??= issue.message;
    return { ok: false, errors };
  }
  const notifications = sections.includes("notifications")
    ? (Object.fromEntries(NOTIFICATION_EVENTS.map((e) => [e, form.getAll("notify").includes(e)])) as Record<NotificationEvent, boolean>)
    : null;
  return { ok: true, data: { sections, settings: websiteWebhookUpdate(result.data) as Partial<SettingsUpdate>, notifications } };
}
