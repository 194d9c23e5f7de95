// The website tracker's rules (decision 021): what an event may say, how a page maps to an item,
// how a visitor is counted without storing who they are, and when a view counts as engaged.
import { createHash } from "node:crypto";
import { z } from "zod";

/** Largest body the collection endpoint reads. */
export const MAX_EVENT_BYTES = 2048;
/** A view becomes an engaged view once the page was visible this long. */
export const ENGAGED_AFTER_SEC = 10;
/** Engaged time per page load is capped: a tab left open all day is not a day of reading. */
export const MAX_PAGEVIEW_SEC = 1800;

const pageviewId = z.string().regex(/^[A-Za-z0-9_-]{8,40}$/);
const PRINTABLE = /^[^\u0000-\u001f\u007f]*$/;
/** Text without control characters: no page, referrer or slug has one (and PostgreSQL stores no NUL). */
export const isPrintable = (text: string) => PRINTABLE.test(text);
const printable = (max: number) => z.string().max(max).regex(PRINTABLE);
const ViewEvent = z.object({
  k: z.literal("v"),
  u: printable(MAX_EVENT_BYTES),
  r: printable(MAX_EVENT_BYTES).optional().default(""),
  c: printable(200).optional(),
  p: pageviewId,
});
const EngageEvent = z.object({ k: z.literal("e"), p: pageviewId, s: z.number().int().min(0).max(86_400) });
export const TrackerEventSchema = z.discriminatedUnion("k", [ViewEvent, EngageEvent]);
export type TrackerEvent = z.infer<typeof TrackerEventSchema>;

/** The event a body describes, or null when it is not JSON of one of the two shapes. */
export function parseTrackerEvent(text: string): TrackerEvent | null {
  if (text.length > MAX_EVENT_BYTES) return null;
  try {
    const parsed = TrackerEventSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface Page {
  origin: string;
  /** origin + path, no query or fragment: how pages are counted and matched. */
  url: string;
  slug: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
}

/** The page a tracked URL names, or null for anything but http(s). */
export function pageOf(href: string): Page | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
  const utm = (name: string) => (url.searchParams.get(`utm_${name}`) ?? "").slice(0, 100);
  return {
    origin: url.origin,
    url: `${url.origin}${path}`.slice(0, 1000),
    slug: slugFromPath(path),
    utmSource: utm("source"),
    utmMedium: utm("medium"),
    utmCampaign: utm("campaign"),
  };
}

/** The last path segment, as an item's slug would be written. */
export function slugFromPath(path: string): string {
  const last = path.split("/").filter(Boolean).pop() ?? "";
  try {
    return decodeURIComponent(last).toLowerCase().slice(0, 200);
  } catch {
    return "";
  }
}

/** A URL as the team wrote it for a post, in the form pages are counted under (origin + path). */
export function normalizePageUrl(href: string): string | null {
  return pageOf(href)?.url ?? null;
}

/** The referring site's host, or "" for none and for the page's own site. */
export function referrerHost(referrer: string, pageOrigin: string): string {
  try {
    const url = new URL(referrer);
    return url.origin === pageOrigin ? "" : url.host.slice(0, 200);
  } catch {
    return "";
  }
}

/** A site origin as the team registers it: scheme://host[:port], nothing else. */
export function normalizeOrigin(input: string): string | null {
  const trimmed = input.trim();
  if (!/^https?:\/\/[^/?#\s]+\/?$/i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    return url.origin === "null" ? null : url.origin;
  } catch {
    return null;
  }
}

/**
 * Counts unique visitors the way Plausible documents it: a hash of the day's random salt, the site,
 * the address and the browser. The inputs are never stored, and once the salt is gone the hash
 * cannot be recomputed or linked to the next day's.
 */
export function visitorHash({ salt, origin, ip, userAgent }: { salt: string; origin: string; ip: string; userAgent: string }): string {
  return createHash("sha256").update(`${salt}\u0000${origin}\u0000${ip}\u0000${userAgent}`).digest("hex").slice(0, 32);
}

/** What a heartbeat reporting `reported` seconds adds to a page load that had `previous`. */
export function engagementDelta(previous: number, reported: number): { seconds: number; total: number; becameEngaged: boolean } {
  const total = Math.max(previous, Math.min(reported, MAX_PAGEVIEW_SEC));
  return { seconds: total - previous, total, becameEngaged: previous < ENGAGED_AFTER_SEC && total >= ENGAGED_AFTER_SEC };
}

export interface MetricDelta {
  views: number;
  engagedViews: number;
  timeSpentSec: number;
  shares: number;
}

/** Sums deltas per key, so a batch updates each item-day once. */
export class DeltaMap<K extends string> {
  readonly byKey = new Map<K, MetricDelta>();
  add(key: K, delta: Partial<MetricDelta>) {
    const t = this.byKey.get(key) ?? { views: 0, engagedViews: 0, timeSpentSec: 0, shares: 0 };
    t.views += delta.views ?? 0;
    t.engagedViews += delta.engagedViews ?? 0;
    t.timeSpentSec += delta.timeSpentSec ?? 0;
    t.shares += delta.shares ?? 0;
    this.byKey.set(key, t);
  }
}

/** yyyy-mm-dd (UTC) of an instant. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The tracker's snippet for a studio served at `studioOrigin`. */
export function trackerSnippet(studioOrigin: string, { respectDoNotTrack }: { respectDoNotTrack: boolean }): string {
  const dnt = respectDoNotTrack ? ' data-dnt="1"' : "";
  return `<script defer src="${studioOrigin}/t.js"${dnt}></script><noscript><img src="${studioOrigin}/api/event.gif" alt="" width="1" height="1" referrerpolicy="unsafe-url"></noscript>`;
}
