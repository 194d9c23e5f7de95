import type { Permission } from "~/domain/permissions";
import type { SettingsField } from "~/domain/settings-limits";

/** The parts of the settings form; each is saved only when present and permitted. */
export const SETTINGS_SECTIONS = ["brandVoice", "agents", "publishing", "channels", "notifications"] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/** Team-wide sections need a permission; notifications are each member's own. */
export const SECTION_PERMISSION: Record<SettingsSection, Permission | null> = {
  brandVoice: "settings.brandVoice",
  agents: "settings.agents",
  publishing: "settings.publishing",
  channels: "settings.publishing",
  notifications: null,
};

export const SECTION_FIELDS: Record<Exclude<SettingsSection, "notifications">, readonly SettingsField[]> = {
  brandVoice: ["brandToneId", "brandKeywords", "contentGuidelines"],
  agents: ["generationThreshold", "creativityLevel", "autoPublish"],
  publishing: ["autoPost", "scheduleOptimalTiming"],
  // Channel posts (issue 16): inside the publishing fieldset, with a section marker of its own.
  channels: ["teamName", "timeZone", "siteUrl", "utmTagging", "websiteWebhookUrl", "websiteWebhookSecret", "websiteWebhookClear"],
};

export const SETTINGS_FORM_ID = "settings-form";

export function isSettingsSection(value: unknown): value is SettingsSection {
  return typeof value === "string" && (SETTINGS_SECTIONS as readonly string[]).includes(value);
}
