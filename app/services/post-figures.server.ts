// Pulls each network's own counts for the posts it took (decision 050): at 1 hour, 24 hours, 7 days,
// then daily to 30 days after posting. Due pulls are claimed under one lease, grouped per network
// (one request carries many ids where the API allows), and each outcome is recorded at once. A rate
// limit waits for the network's reset; a channel that needs reconnecting is skipped to its next slot,
// as is any other failure: the schedule never retries in a loop.
import { randomInt } from "node:crypto";
import { ADAPTERS } from "~/adapters/networks/index.server";
import { isNativeNetwork } from "~/adapters/networks/endpoints.server";
import { NetworkError } from "~/adapters/networks/network-http.server";
import { CHANNEL_LABELS, isChannel } from "~/domain/channels/network-limits";
import { nextPullAt } from "~/domain/channels/post-figures";
import { expireAccessToken, reconnectReasons } from "~/models/integration.server";
import { claimDueFigures, recordNotPulled, recordPulled, type DueFigures } from "~/models/post-figures.server";
import { freshAccessToken, needsReconnect } from "./network-connect.server";

export const FIGURES_LEASE_MS = 5 * 60_000;
const BATCH = 200;

export { nextFiguresDue } from "~/models/post-figures.server";

type Tally = { pulled: number; waiting: number; skipped: number; gone: number };

/** Pulls every due post's counts; returns what happened to them. */
export async function pullDueFigures(now = new Date()): Promise<Tally> {
  const tally: Tally = { pulled: 0, waiting: 0, skipped: 0, gone: 0 };
  const held = await reconnectReasons();
  for (;;) {
    const token = new Date(Math.max(now.getTime(), Date.now()) + FIGURES_LEASE_MS + randomInt(100));
    const claimed = await claimDueFigures(now, BATCH, token);
    if (claimed.length === 0) break;
    const byChannel = new Map<string, DueFigures[]>();
    for (const row of claimed) byChannel.set(row.channel, [...(byChannel.get(row.channel) ?? []), row]);
    // Networks never wait on each other.
    await Promise.all([...byChannel].map(([channel, rows]) => pullChannel(channel, rows, held.get(channel), now, tally)));
    if (claimed.length < BATCH) break;
  }
  return tally;
}

const ageInDays = (row: DueFigures, now: Date) =>
  row.post.publishedAt ? (now.getTime() - row.post.publishedAt.getTime()) / 86_400_000 : 0;

/** The slot after this one; null once the 30 days are over. */
const slotAfter = (row: DueFigures, now: Date) => (row.post.publishedAt ? nextPullAt(row.post.publishedAt, now) : null);

async function skipAll(rows: DueFigures[], reason: string, now: Date, tally: Tally) {
  for (const row of rows) await recordNotPulled(row.channelPostId, reason, slotAfter(row, now));
  tally.skipped += rows.length;
}

async function pullChannel(channel: string, rows: DueFigures[], heldReason: string | undefined, now: Date, tally: Tally) {
  const label = isChannel(channel) ? CHANNEL_LABELS[channel] : channel;
  const figures = isNativeNetwork(channel) ? ADAPTERS[channel].figures : undefined;
  if (!isNativeNetwork(channel) || !figures) return skipAll(rows, `The studio does not read ${label}'s figures`, now, tally);
  if (heldReason) return skipAll(rows, `Skipped: ${heldReason}`, now, tally);
  try {
    const access = await freshAccessToken(channel, now);
    if (!access) return await skipAll(rows, `Skipped: ${label} is not connected or needs reconnecting`, now, tally);
    const asked = rows.flatMap((r) => (r.post.externalId ? [{ id: r.post.externalId, ageDays: ageInDays(r, now) }] : []));
    const counts = await figures(access.token, access.account, asked);
    for (const row of rows) {
      const found = row.post.externalId ? counts.get(row.post.externalId) : undefined;
      if (found) {
        await recordPulled(row.post, found, now, slotAfter(row, now));
        tally.pulled++;
      } else {
        await recordNotPulled(row.channelPostId, `${label} no longer shows this post`, slotAfter(row, now));
        tally.gone++;
      }
    }
  } catch (error) {
    if (!(error instanceof NetworkError)) {
      return skipAll(rows, `${label}'s figures were not read: ${error instanceof Error ? error.message : String(error)}`, now, tally);
    }
    const { failure } = error;
    if (failure.kind === "rate-limited") {
      // Waits for the network's reset; the slot is not lost.
      const reason = `${label} is limiting requests; the figures are read again at ${failure.retryAt.toISOString()}`;
      for (const row of rows) await recordNotPulled(row.channelPostId, reason, failure.retryAt);
      tally.waiting += rows.length;
      return;
    }
    // A permission only the figures need (insights) is theirs alone: posting still works, so the
    // channel is not held; the member is told to reconnect to grant it.
    if (error.lacksPermission)
      return skipAll(rows, `${label}'s figures need a permission this connection was not given: reconnect it to grant it`, now, tally);
    if (failure.kind === "reconnect") await needsReconnect(channel, failure.message);
    if (error.tokenExpired) await expireAccessToken(channel, now);
    // The shared kinds speak of posting; a refused read says so in the network's own words.
    const refused = `${label} refused to give the figures${error.said ? `: ${error.said}` : error.status ? ` (HTTP ${error.status})` : ""}`;
    await skipAll(rows, failure.kind === "rejected" ? refused : failure.message, now, tally);
  }
}
