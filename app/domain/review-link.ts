// External review links (issue 37): one item, a few days, revocable, and a limit on how often an
// address may try. Pure rules; the token's making and hashing are in app/crypto/tokens.server.ts.

export const REVIEW_LINK_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export const reviewLinkExpiry = (now: Date, days = REVIEW_LINK_DAYS) => new Date(now.getTime() + days * DAY_MS);

export type LinkState = "active" | "expired" | "revoked";

export function linkState(link: { expiresAt: Date; revokedAt: Date | null }, now: Date): LinkState {
  if (link.revokedAt) return "revoked";
  return link.expiresAt.getTime() <= now.getTime() ? "expired" : "active";
}

export const LINK_MESSAGES: Record<Exclude<LinkState, "active"> | "unknown", string> = {
  expired: "This review link has expired. Ask the team that sent it for a new one.",
  revoked: "This review link was withdrawn by the team that sent it. Ask them for a new one if you still need it.",
  unknown: "This review link is not valid. Check that you copied all of it, or ask the team that sent it for a new one.",
};

/** A fixed-window count per key (an address): at most `limit` requests per `windowMs`. */
export function createRateLimiter(options: { limit: number; windowMs: number; maxKeys?: number }) {
  const windows = new Map<string, { start: number; count: number }>();
  const maxKeys = options.maxKeys ?? 10_000;
  return {
    hit(key: string, now: number): { allowed: true } | { allowed: false; retryAfterSec: number } {
      let w = windows.get(key);
      if (!w || now - w.start >= options.windowMs) {
        if (windows.size >= maxKeys) windows.clear();
        w = { start: now, count: 0 };
        windows.set(key, w);
      }
      w.count++;
      if (w.count <= options.limit) return { allowed: true };
      return { allowed: false, retryAfterSec: Math.max(1, Math.ceil((w.start + options.windowMs - now) / 1000)) };
    },
  };
}
