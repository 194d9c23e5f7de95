// Delivers channel posts: each post is its own persisted job (the ChannelPost row: status,
// attempts, nextAttemptAt, a lease and a delivery key), so channels never hold each other up, a
// killed process's post is picked up after its lease, and a retry never posts twice (decision 020).
import { markdownToHtml } from "~/domain/markdown";
import { randomInt } from "node:crypto";
import { postWebhook } from "~/adapters/webhook.server";
import { composePost, isChannel } from "~/domain/channels/network-limits";
import { backoffMs, MAX_ATTEMPTS } from "~/domain/channels/post-rules";
import { nextPullAt } from "~/domain/channels/post-figures";
import { channelSettings, websiteWebhook } from "~/models/channel-post.server";
import { slugify } from "~/domain/content-details";
import { absoluteUrl } from "~/web/public-url.server";
import { shortenPostLinks } from "./channel-links.server";
import { publicImagePath, readImage } from "./uploads.server";
import { ADAPTERS } from "~/adapters/networks/index.server";
import { isNativeNetwork } from "~/adapters/networks/endpoints.server";
import { NetworkError } from "~/adapters/networks/network-http.server";
import type { Account, NetworkAdapter, NetworkPost } from "~/adapters/networks/types";
import type { NetworkFailure } from "~/domain/channels/network-errors";
import { notify } from "~/models/notification.server";
import { expireAccessToken } from "~/models/integration.server";
import { SYSTEM_ACTOR } from "~/domain/audit";
import {
  claimDuePosts,
  deliveredKeys,
  deliveryIntegrations,
  heldChannels,
  promoteDueScheduled,
  queuePostsOf,
  recordOutcomes,
  setPostContainer,
  setPostImage,
  type ClaimedPost,
  type OutcomeWrite,
} from "~/models/channel-delivery.server";
import { freshAccessToken, needsReconnect } from "./network-connect.server";

export const LEASE_MS = Number(process.env.CHANNEL_LEASE_MS ?? 30_000);
export const RETRY_BASE_MS = Number(process.env.CHANNEL_RETRY_BASE_MS ?? 30_000);
/**
 * Posts sent at once, and so claimed at once: a claimed post is being sent, never waiting behind
 * others while its lease runs out (another replica would then send it too).
 */
const PARALLEL = 8;

/** What a receiver gets: see "Channel post webhooks" in docs/user-guide.md for the schema and signature. */
export interface ChannelPayload {
  event: "channel_post.published";
  deliveryKey: string;
  channelPostId: string;
  channel: string;
  handle: string | null;
  /** The channel's text, its links replaced by short links. */
  text: string;
  /** The full link a reader lands on (UTM-tagged when the team has that on), or null. */
  link: string | null;
  /** The same link as the studio's short link (counts clicks per post), absolute; null for the website. */
  shortLink: string | null;
  /** text plus the short link, as the network shows it. */
  post: string;
  /** The card as PNG, an absolute public URL (no sign-in), or null. */
  imageUrl: string | null;
  content: { id: string; title: string; slug: string; publishedAt: string | null };
  article: {
    markdown: string;
    /** Sanitised HTML of the article, from the one renderer (app/domain/markdown.ts). */
    html: string;
  };
  scheduledAt: string | null;
  sentAt: string;
}

/**
 * The item was published (editor, workflow or scheduler): every draft post with text goes now, and
 * every scheduled post whose time has passed; later ones wait for their time.
 */
export function queueChannelPosts(contentId: string, now = new Date()): Promise<string[]> {
  return queuePostsOf(contentId, now);
}

export { nextChannelPostDue } from "~/models/channel-delivery.server";

type Target = {
  name: string;
  connected: boolean;
  handle: string | null;
  webhookUrl: string | null;
  webhookSecret: string | null;
  native: boolean;
  reconnectReason: string | null;
};

async function deliveryTargets(): Promise<Map<string, Target>> {
  const [rows, website] = await Promise.all([deliveryIntegrations(), websiteWebhook()]);
  const map = new Map<string, Target>(rows.map((r) => [r.id, r]));
  map.set("website", {
    name: "Website",
    connected: true,
    handle: null,
    webhookUrl: website.url,
    webhookSecret: website.secret,
    native: false,
    reconnectReason: null,
  });
  return map;
}

type Claimed = ClaimedPost;
/** Where a post went: a network (its post id and address), a webhook, or nowhere yet (posted by hand). */
type Via = "network" | "webhook" | "manual";
type Outcome =
  | {
      post: Claimed;
      key: string;
      ok: true;
      body: string;
      status: number | null;
      via: Via;
      already: boolean;
      posted: { id: string; url: string | null } | null;
    }
  | { post: Claimed; key: string; ok: false; failure: NetworkFailure };

type Settings = Awaited<ReturnType<typeof channelSettings>>;

/** The post's image as a public path: a card behind sign-in (older posts) is stored as an upload once. */
async function publicImage(post: Claimed): Promise<string | null> {
  if (!post.imageUrl) return null;
  const path = await publicImagePath(post.imageUrl, post.createdById);
  if (path !== post.imageUrl) await setPostImage(post.id, path);
  return path;
}

/**
 * The post an earlier try made, from networks that take no idempotency key (adapter.find), or null.
 * A look that fails is never followed by a post: a refusal becomes temporary and the retry waits for
 * a later try (rate limits and reconnects keep their kind), so a post is never made twice.
 */
async function earlierTry(adapter: NetworkAdapter, token: string, account: Account, post: NetworkPost) {
  if (!adapter.find) return null;
  try {
    return await adapter.find(token, account, post);
  } catch (error) {
    if (!(error instanceof NetworkError) || error.failure.kind !== "rejected") throw error;
    throw new NetworkError({ kind: "temporary", message: `Could not check whether an earlier try went out: ${error.failure.message}` });
  }
}

/** Builds the payload and POSTs it (unless this key was already delivered); never throws. */
async function send(
  post: Claimed,
  key: string,
  target: Target | undefined,
  already: boolean,
  settings: Settings,
  now: Date,
): Promise<Outcome> {
  try {
    if (!isChannel(post.channel)) throw new Error(`Unknown channel ${post.channel}`);
    if (!target?.connected) throw new Error(`${target?.name ?? post.channel} is no longer connected.`);
    const slug = post.content.slug ?? slugify(post.content.title);
    const links = await shortenPostLinks(
      { ...post, channel: post.channel },
      { siteUrl: settings.siteUrl, slug, utmTagging: settings.utmTagging },
    );
    const image = await publicImage(post);
    const payload: ChannelPayload = {
      event: "channel_post.published",
      deliveryKey: key,
      channelPostId: post.id,
      channel: post.channel,
      handle: target.handle,
      text: links.text,
      link: links.link,
      shortLink: links.shortLink,
      post: composePost(links.text, links.shortLink),
      imageUrl: image ? absoluteUrl(image) : null,
      content: { id: post.content.id, title: post.content.title, slug, publishedAt: post.content.publishedAt?.toISOString() ?? null },
      article: { markdown: post.content.body, html: markdownToHtml(post.content.body) },
      scheduledAt: post.scheduledAt?.toISOString() ?? null,
      sentAt: now.toISOString(),
    };
    const body = JSON.stringify(payload);
    if (target.native && isNativeNetwork(post.channel)) {
      if (already) return { post, key, ok: true, body, status: null, via: "network", already, posted: null };
      const adapter = ADAPTERS[post.channel];
      const picture = image?.startsWith("/uploads/") ? await readImage(image.slice("/uploads/".length)) : null;
      // Refused before anything is sent (Instagram without an image): the network's rule, in words.
      const refusal = adapter.refuse?.({ image: picture, imageUrl: payload.imageUrl });
      if (refusal) return { post, key, ok: false, failure: { kind: "rejected", message: refusal } };
      const access = await freshAccessToken(post.channel, now);
      if (!access) return { post, key, ok: false, failure: { kind: "reconnect", message: `${target.name} needs reconnecting` } };
      const networkPost: NetworkPost = {
        text: payload.post,
        image: picture,
        imageUrl: payload.imageUrl,
        idempotencyKey: key,
        queuedAt: post.scheduledAt ?? now,
        container: { id: post.containerId, keep: (id) => setPostContainer(post.id, id) },
      };
      // A post still publishing has no network id; a second attempt means the first ended without a
      // known outcome (an answer lost, a process killed), so the network may already show it.
      const earlier = post.attempts > 1 ? await earlierTry(adapter, access.token, access.account, networkPost) : null;
      const posted = earlier ?? (await adapter.post(access.token, access.account, networkPost));
      return { post, key, ok: true, body, status: null, via: "network", already, posted };
    }
    if (!target.webhookUrl) return { post, key, ok: true, body, status: null, via: "manual", already, posted: null };
    const answer = already
      ? null
      : await postWebhook({ name: target.name, url: target.webhookUrl, secret: target.webhookSecret, body, deliveryKey: key });
    return { post, key, ok: true, body, status: answer?.status ?? null, via: "webhook", already, posted: answer?.posted ?? null };
  } catch (error) {
    // The network says the token ran out early (Bluesky): the next try renews it first.
    if (error instanceof NetworkError && error.tokenExpired && isNativeNetwork(post.channel)) await expireAccessToken(post.channel, now);
    if (error instanceof NetworkError) return { post, key, ok: false, failure: error.failure };
    return { post, key, ok: false, failure: { kind: "temporary", message: error instanceof Error ? error.message : String(error) } };
  }
}

/** The outcome's row changes: a delivery row and "published" (or "manual"), a retry, a hold or "failed". */
async function record(outcomes: Outcome[], now: Date) {
  await recordOutcomes(
    outcomes.map((o) => writeFor(o, now)),
    now,
  );
}

function writeFor(o: Outcome, now: Date): OutcomeWrite {
  if (o.ok) {
    const delivery = o.already
      ? undefined
      : {
          runId: `channel-post:${o.post.id}`,
          contentId: o.post.contentId,
          integrationId: o.post.channel,
          channel: o.via === "manual" ? "outbox" : o.via,
          status: o.via === "manual" ? "queued" : "sent",
          payload: o.body,
          responseStatus: o.status,
          idempotencyKey: o.key,
        };
    // Nothing took a manual post: it waits for a member to post it and mark it posted.
    if (o.via === "manual")
      return { postId: o.post.id, delivery, post: { status: "manual", leaseUntil: null, nextAttemptAt: null, lastError: null } };
    return {
      postId: o.post.id,
      delivery,
      post: {
        status: "published",
        publishedAt: now,
        leaseUntil: null,
        nextAttemptAt: null,
        lastError: null,
        ...(o.posted ? { externalId: o.posted.id, externalUrl: o.posted.url } : o.already ? {} : { externalId: o.key }),
        // A network took it: its own counts are pulled from an hour on (decision 050).
        ...(o.via === "network" && o.posted ? { figures: { create: { channel: o.post.channel, nextPullAt: nextPullAt(now, now) } } } : {}),
      },
      audit: o.already
        ? undefined
        : { actor: SYSTEM_ACTOR, action: "channel-post.published", object: postObject(o.post), after: { via: o.via } },
    };
  }
  const { failure } = o;
  // A rate limit or a connection to fix is not the post's fault: the attempt does not count.
  const uncounted = { attempts: Math.max(0, o.post.attempts - 1), leaseUntil: null };
  if (failure.kind === "rate-limited")
    return { postId: o.post.id, post: { ...uncounted, lastError: failure.message, nextAttemptAt: failure.retryAt } };
  if (failure.kind === "reconnect") return { postId: o.post.id, post: { ...uncounted, lastError: failure.message, nextAttemptAt: now } };
  if (failure.kind === "rejected" || o.post.attempts >= MAX_ATTEMPTS)
    return {
      postId: o.post.id,
      post: { status: "failed", lastError: failure.message, leaseUntil: null, nextAttemptAt: null },
      audit: { actor: SYSTEM_ACTOR, action: "channel-post.failed", object: postObject(o.post), after: { error: failure.message } },
    };
  return {
    postId: o.post.id,
    post: {
      lastError: failure.message,
      leaseUntil: null,
      nextAttemptAt: new Date(now.getTime() + backoffMs(o.post.attempts, RETRY_BASE_MS)),
    },
  };
}

const postObject = (post: { id: string; channel: string; content: { title: string } }) => ({
  type: "channel-post",
  id: post.id,
  title: `${post.content.title} · ${post.channel}`,
});

/** Someone hears of it: a post that finally failed (its author, Editors and Admins), a connection to fix (Admins). */
async function tellAbout(o: Outcome, targets: Map<string, Target>) {
  if (o.ok) return;
  const name = targets.get(o.post.channel)?.name ?? o.post.channel;
  if (o.failure.kind === "reconnect" && isNativeNetwork(o.post.channel)) {
    await needsReconnect(o.post.channel, o.failure.message);
    return;
  }
  if (o.failure.kind === "rejected" || (o.failure.kind === "temporary" && o.post.attempts >= MAX_ATTEMPTS))
    await notify("publishing_problem", {
      actorId: "system",
      contentId: o.post.contentId,
      also: [o.post.content.authorId],
      message: `The ${name} post of “${o.post.content.title}” failed: ${o.failure.message}`,
    });
}

/** Runs fn over items, at most `limit` at a time. */
async function pool<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * Sends every post that is due, a few at a time: each batch is claimed with one lease (decision 069; the rows its
 * update took are this pass's, even when another pass picks the same time) and sent at once, each
 * recorded as soon as it is known. A process killed in between leaves its lease to run out; the next
 * pass sends again with the same key.
 */
export async function deliverDueChannelPosts(now = new Date()) {
  await promoteDueScheduled(now);
  const [settings, targets, held] = await Promise.all([channelSettings(), deliveryTargets(), heldChannels()]);
  const tally = { sent: 0, manual: 0, retry: 0, failed: 0, held: 0 };
  for (;;) {
    const token = new Date(Math.max(now.getTime(), Date.now()) + LEASE_MS + randomInt(100));
    const claimed = await claimDuePosts(now, held, PARALLEL, token);
    if (claimed.length === 0) break;
    const keyOf = (p: Claimed) => p.deliveryKey ?? `cp_${p.id}`;
    const done = await deliveredKeys(claimed.map(keyOf));
    // Each outcome is recorded as soon as it is known, so a kill loses only the ones in flight.
    const outcomes = await pool(claimed, PARALLEL, async (p) => {
      const outcome = await send(p, keyOf(p), targets.get(p.channel), done.has(keyOf(p)), settings, now);
      await record([outcome], now);
      await tellAbout(outcome, targets);
      return outcome;
    });
    for (const o of outcomes) {
      if (o.ok && o.via === "manual") tally.manual++;
      else if (o.ok) tally.sent++;
      else if (o.failure.kind === "reconnect") tally.held++;
      else if (o.failure.kind === "rejected" || (o.failure.kind === "temporary" && o.post.attempts >= MAX_ATTEMPTS)) tally.failed++;
      else tally.retry++;
    }
    if (claimed.length < PARALLEL) break;
  }
  return tally;
}
