/** Limits shared by the settings form (client hints) and its server-side validation. */
export const THRESHOLD_MIN = 50;
export const THRESHOLD_MAX = 100;
export const KEYWORDS_MAX = 500;
export const GUIDELINES_MAX = 5000;
export const TEAM_NAME_MAX = 60;

export type SettingsField =
  | "brandToneId"
  | "brandKeywords"
  | "contentGuidelines"
  | "generationThreshold"
  | "creativityLevel"
  | "autoPublish"
  | "autoPost"
  | "scheduleOptimalTiming"
  | "teamName"
  | "timeZone"
  | "siteUrl"
  | "utmTagging"
  | "websiteWebhookUrl"
  | "websiteWebhookSecret"
  | "websiteWebhookClear";

export type SettingsErrors = Partial<Record<SettingsField, string>>;

/** The editable part of the one Settings row; callers validate it first. */
export interface SettingsUpdate {
  brandToneId: string;
  brandKeywords: string;
  contentGuidelines: string;
  generationThreshold: number;
  creativityLevel: string;
  autoPublish: boolean;
  autoPost: boolean;
  scheduleOptimalTiming: boolean;
  teamName: string;
  timeZone: string;
  siteUrl: string;
  utmTagging: boolean;
  websiteWebhookUrl: string;
  websiteWebhookSecret: string;
}
