import type { ContentType } from "../content";
import type { Platform } from "./types";

/** Which channel a short brief is written for: X for social posts (the strictest limit), Instagram for captions. */
export const DRAFT_PLATFORM: Partial<Record<ContentType, Platform>> = { social: "twitter", caption: "instagram" };

/** A social or caption text cut to its channel's limit, whoever wrote it; other types pass through. */
export function platformFor(type: string): Platform | null {
  return DRAFT_PLATFORM[type as ContentType] ?? null;
}
