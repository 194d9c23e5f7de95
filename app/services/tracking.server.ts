// The collection endpoint's use case (decision 021): check the origin, drop bots and Do Not Track,
// limit each address (the shared limiter), read the event, map the page to an item, and hand it to the group commit.
// Returns an HTTP-free outcome; server/collect.ts turns it into a response.
import { randomBytes } from "node:crypto";
import { isbot } from "isbot";
import { LRUCache } from "lru-cache";
import { sharedRateLimiter } from "~/adapters/rate-limit.server";
import { isPrintable, normalizeOrigin, pageOf, parseTrackerEvent, referrerHost, visitorHash } from "~/domain/tracker";
import { withWorkspace } from "~/db/workspace-scope.server";
import { commitEvent } from "~/models/event-commit.server";
import {
  isTrackedOrigin,
  itemNamed,
  itemPublishedAt,
  saltOf,
  trackerOptions,
  workspaceOfOrigin,
  type IngestEvent,
} from "~/models/tracking.server";

export type CollectOutcome = "accepted" | "dropped" | "unknown-origin" | "malformed" | "throttled" | "failed";

export interface CollectRequest {
  /** The Origin header (fetch/sendBeacon), or the page's origin for the pixel. */
  origin: string;
  ip: string;
  userAgent: string;
  doNotTrack: boolean;
  now?: Date;
}

/** Events per address per minute (TRACK_RATE_LIMIT; 0 turns the limit off, as the ingestion bench does). */
const RATE_LIMIT = Number(process.env.TRACK_RATE_LIMIT ?? 600);

/** The tracker's limit as each replica holds it: one window per address, shared through Redis when REDIS_URL is set. */
export const trackerRateLimiter = (limit = RATE_LIMIT, redisUrl?: string) =>
  sharedRateLimiter("tracker", { limit, windowMs: 60_000, maxKeys: 50_000 }, redisUrl);
const limiter = trackerRateLimiter();

export async function overRateLimit(ip: string, now: number): Promise<boolean> {
  return RATE_LIMIT > 0 && !(await limiter.hit(ip, now)).allowed;
}

export function resetRateLimits() {
  limiter.reset();
}

/**
 * Whether a cross-origin request from this origin may send events (CORS); a promise on PostgreSQL.
 * An Origin header is a serialized origin: anything else is refused before a query is made of it.
 */
export const mayCollectFrom = async (origin: string) => normalizeOrigin(origin) === origin && (await isTrackedOrigin(origin));

// isbot runs a long regular expression; a site's visitors bring few distinct user agents. Only
// browser-sized ones are kept, so a flood of long made-up ones cannot grow the cache past 0.5 MB.
const botVerdicts = new LRUCache<string, boolean>({ max: 1000 });
function isBot(userAgent: string): boolean {
  if (userAgent.length > 512) return isbot(userAgent);
  let verdict = botVerdicts.get(userAgent);
  if (verdict === undefined) botVerdicts.set(userAgent, (verdict = isbot(userAgent)));
  return verdict;
}

// The lookups answer synchronously on SQLite and as promises on PostgreSQL (decision 048): awaited either way.
/** The refusal, or the workspace whose site the request comes from (what it reads next is that workspace's). */
async function gate(req: CollectRequest, now: Date): Promise<{ refused: CollectOutcome } | { workspaceId: string }> {
  const workspaceId = normalizeOrigin(req.origin) === req.origin ? await workspaceOfOrigin(req.origin) : null;
  if (!workspaceId) return { refused: "unknown-origin" };
  if (!req.userAgent || isBot(req.userAgent)) return { refused: "dropped" };
  if (req.doNotTrack && (await trackerOptions(workspaceId)).respectDoNotTrack) return { refused: "dropped" };
  if (await overRateLimit(req.ip, now.getTime())) return { refused: "throttled" };
  return { workspaceId };
}

async function commit(event: IngestEvent): Promise<CollectOutcome> {
  try {
    await commitEvent(event);
    return "accepted";
  } catch (error) {
    console.error("tracker: batch not written:", error);
    return "failed";
  }
}

async function viewOf(req: CollectRequest, now: Date, href: string, referrer: string, named: string | undefined, pageviewId: string) {
  const page = pageOf(href);
  if (!page || page.origin !== req.origin) return null;
  const contentId = (named ? await itemNamed(named) : null) ?? (await itemPublishedAt(page.url)) ?? (await itemNamed(page.slug));
  return {
    kind: "view" as const,
    at: now,
    pageviewId,
    contentId,
    url: page.url,
    referrer: referrerHost(referrer, page.origin),
    utmSource: page.utmSource,
    utmMedium: page.utmMedium,
    utmCampaign: page.utmCampaign,
    visitor: visitorHash({ salt: await saltOf(now), origin: page.origin, ip: req.ip, userAgent: req.userAgent }),
  };
}

/** A view or a heartbeat from /t.js (the body is the JSON the script sends). */
export async function collectEvent(req: CollectRequest & { body: string }): Promise<CollectOutcome> {
  const now = req.now ?? new Date();
  const passed = await gate(req, now);
  if ("refused" in passed) return passed.refused;
  const event = parseTrackerEvent(req.body);
  if (!event) return "malformed";
  if (event.k === "e") return commit({ kind: "engage", at: now, pageviewId: event.p, seconds: event.s });
  const view = await withWorkspace(passed.workspaceId, () => viewOf(req, now, event.u, event.r, event.c, event.p));
  return view ? commit(view) : "malformed";
}

/** The <noscript> pixel: a view of the page in the Referer (the snippet asks for the full URL). */
export async function collectPixel(req: Omit<CollectRequest, "origin"> & { referer: string; content?: string }): Promise<CollectOutcome> {
  const now = new Date();
  if (req.content !== undefined && !isPrintable(req.content)) return "malformed";
  const page = pageOf(req.referer);
  if (!page) return "unknown-origin";
  const full = { ...req, origin: page.origin };
  const passed = await gate(full, now);
  if ("refused" in passed) return passed.refused;
  const view = await withWorkspace(passed.workspaceId, () =>
    viewOf(full, now, req.referer, "", req.content, randomBytes(12).toString("base64url")),
  );
  return view ? commit(view) : "malformed";
}
