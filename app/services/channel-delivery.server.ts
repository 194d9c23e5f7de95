// Delivers channel posts: each post is its own persisted job (the ChannelPost row: status,
// attempts, nextAttemptAt, a lease and a delivery key), so channels never hold each other up, a
// killed process's post is picked up after its lease, and a retry never posts twice (decision 020).
import { markdownToHtml } from "~/domain/markdown";
import type { Prisma } from "@prisma/client";
import { randomInt, randomUUID } from "node:crypto";
import { postWebhook } from "~/adapters/webhook.server";
import { toDbDate } from "~/db/db-row.server";
import { prisma } from "~/db/db.server";
import { composePost, isChannel } from "~/domain/channels/network-limits";
import { backoffMs, MAX_ATTEMPTS } from "~/domain/channels/post-rules";
import { channelSettings, websiteWebhook } from "~/models/channel-post.server";
import { slugify } from "~/domain/content-details";
import { absoluteUrl } from "~/web/public-url.server";
import { shortenPostLinks } from "./channel-links.server";
import { publicImagePath, readImage } from "./uploads.server";
import { ADAPTERS } from "~/adapters/networks/index.server";
import { isNativeNetwork } from "~/adapters/networks/endpoints.server";
import { NetworkError } from "~/adapters/networks/network-http.server";
import type { NetworkFailure } from "~/domain/channels/network-errors";
import { notify } from "~/models/notification.server";
import { expireAccessToken } from "~/models/integration.server";
import { SYSTEM_ACTOR } from "~/domain/audit";
import { recordAudit } from "~/models/audit.server";
import { freshAccessToken, needsReconnect } from "./network-connect.server";

export const LEASE_MS = Number(process.env.CHANNEL_LEASE_MS ?? 30_000);
export const RETRY_BASE_MS = Number(process.env.CHANNEL_RETRY_BASE_MS ?? 30_000);
const BATCH = 100;
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
export async function queueChannelPosts(contentId: string, now = new Date()): Promise<string[]> {
  const posts = await prisma.channelPost.findMany({
    where: {
      contentId,
      OR: [
        { status: "draft", text: { not: "" } },
        { status: "scheduled", scheduledAt: { lte: now } },
      ],
    },
    select: { id: true, deliveryKey: true, channel: true, scheduledAt: true },
  });
  // A post that goes out now is dated now, so the calendar shows it (and a failure) on that day.
  for (const p of posts)
    await prisma.channelPost.update({
      where: { id: p.id },
      data: {
        status: "publishing",
        scheduledAt: p.scheduledAt ?? now,
        nextAttemptAt: now,
        attempts: 0,
        deliveryKey: p.deliveryKey ?? `cp_${p.id}_${randomUUID()}`,
      },
    });
  return posts.map((p) => p.channel);
}

/** Scheduled posts whose time has come, on items already published, become publishing jobs (one statement). */
async function promoteDueScheduled(now: Date): Promise<void> {
  // Raw SQL (decision 017): Prisma cannot set one column from another (nextAttemptAt = scheduledAt).
  await prisma.$executeRaw`
    UPDATE ChannelPost SET status = 'publishing', nextAttemptAt = scheduledAt,
      deliveryKey = COALESCE(deliveryKey, 'cp_' || id || '_' || lower(hex(randomblob(8))))
    WHERE status = 'scheduled' AND scheduledAt <= ${toDbDate(now)}
      AND contentId IN (SELECT id FROM ContentItem WHERE status = 'published')`;
}

const leaseFree = (now: Date) => ({ OR: [{ leaseUntil: null }, { leaseUntil: { lte: now } }] });

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
  const [rows, website] = await Promise.all([
    prisma.integration.findMany({
      select: {
        id: true,
        name: true,
        connected: true,
        handle: true,
        webhookUrl: true,
        webhookSecret: true,
        accessTokenEnc: true,
        reconnectReason: true,
      },
    }),
    websiteWebhook(),
  ]);
  const map = new Map<string, Target>(rows.map(({ accessTokenEnc, ...r }) => [r.id, { ...r, native: !!accessTokenEnc }]));
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

/** Channels whose connection needs reconnecting: their posts wait (not failed, not retried) until it is. */
async function heldChannels(): Promise<string[]> {
  const rows = await prisma.integration.findMany({ where: { reconnectReason: { not: null } }, select: { id: true } });
  return rows.map((r) => r.id);
}

const claimedSelect = {
  id: true,
  contentId: true,
  channel: true,
  text: true,
  link: true,
  imageUrl: true,
  scheduledAt: true,
  attempts: true,
  deliveryKey: true,
  createdById: true,
  content: { select: { id: true, title: true, slug: true, body: true, publishedAt: true, authorId: true } },
} as const;
type Claimed = Prisma.ChannelPostGetPayload<{ select: typeof claimedSelect }>;
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
  if (path !== post.imageUrl) await prisma.channelPost.update({ where: { id: post.id }, data: { imageUrl: path } });
  return path;
}

/** Builds the payload and POSTs it (unless this key was already delivered); never throws. */
async function send(
  post: Claimed,
  key: string,
  target: Target | undefined,
  already: boolean,
  settings: Settings,
  fetchImpl: typeof fetch,
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
      const access = await freshAccessToken(post.channel, now, fetchImpl);
      if (!access) return { post, key, ok: false, failure: { kind: "reconnect", message: `${target.name} needs reconnecting` } };
      const picture = image?.startsWith("/uploads/") ? await readImage(image.slice("/uploads/".length)) : null;
      const posted = await ADAPTERS[post.channel].post(
        access.token,
        access.account,
        { text: payload.post, image: picture, idempotencyKey: key, queuedAt: post.scheduledAt ?? now },
        fetchImpl,
      );
      return { post, key, ok: true, body, status: null, via: "network", already, posted };
    }
    if (!target.webhookUrl) return { post, key, ok: true, body, status: null, via: "manual", already, posted: null };
    const answer = already
      ? null
      : await postWebhook({ name: target.name, url: target.webhookUrl, secret: target.webhookSecret, body, deliveryKey: key }, fetchImpl);
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
  await prisma.$transaction(async (tx) => {
    for (const o of outcomes) {
      if (o.ok) {
        if (!o.already)
          await tx.publishDelivery.create({
            data: {
              runId: `channel-post:${o.post.id}`,
              contentId: o.post.contentId,
              integrationId: o.post.channel,
              channel: o.via === "manual" ? "outbox" : o.via,
              status: o.via === "manual" ? "queued" : "sent",
              payload: o.body,
              responseStatus: o.status,
              idempotencyKey: o.key,
            },
          });
        // Nothing took a manual post: it waits for a member to post it and mark it posted.
        await tx.channelPost.update({
          where: { id: o.post.id },
          data:
            o.via === "manual"
              ? { status: "manual", leaseUntil: null, nextAttemptAt: null, lastError: null }
              : {
                  status: "published",
                  publishedAt: now,
                  leaseUntil: null,
                  nextAttemptAt: null,
                  lastError: null,
                  ...(o.posted ? { externalId: o.posted.id, externalUrl: o.posted.url } : o.already ? {} : { externalId: o.key }),
                },
        });
        if (o.via !== "manual" && !o.already)
          await recordAudit(
            { actor: SYSTEM_ACTOR, action: "channel-post.published", object: postObject(o.post), after: { via: o.via } },
            tx,
            now,
          );
        continue;
      }
      const { failure } = o;
      // A rate limit or a connection to fix is not the post's fault: the attempt does not count.
      const uncounted = { attempts: Math.max(0, o.post.attempts - 1), leaseUntil: null };
      const data =
        failure.kind === "rate-limited"
          ? { ...uncounted, lastError: failure.message, nextAttemptAt: failure.retryAt }
          : failure.kind === "reconnect"
            ? { ...uncounted, lastError: failure.message, nextAttemptAt: now }
            : failure.kind === "rejected" || o.post.attempts >= MAX_ATTEMPTS
              ? { status: "failed", lastError: failure.message, leaseUntil: null, nextAttemptAt: null }
              : {
                  lastError: failure.message,
                  leaseUntil: null,
                  nextAttemptAt: new Date(now.getTime() + backoffMs(o.post.attempts, RETRY_BASE_MS)),
                };
      await tx.channelPost.update({ where: { id: o.post.id }, data });
      if ("status" in data)
        await recordAudit(
          { actor: SYSTEM_ACTOR, action: "channel-post.failed", object: postObject(o.post), after: { error: failure.message } },
          tx,
          now,
        );
    }
  });
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
 * Sends every post that is due, a batch at a time: the batch is claimed with one lease (a token
 * time only this pass writes) and sent a few at a time, each recorded as soon as it is known. A process
 * killed in between leaves its lease to run out; the next pass sends again with the same key.
 */
export async function deliverDueChannelPosts(now = new Date(), fetchImpl: typeof fetch = fetch) {
  await promoteDueScheduled(now);
  const [settings, targets, held] = await Promise.all([channelSettings(), deliveryTargets(), heldChannels()]);
  const tally = { sent: 0, manual: 0, retry: 0, failed: 0, held: 0, skipped: 0 };
  for (;;) {
    const due = await prisma.channelPost.findMany({
      where: {
        status: "publishing",
        nextAttemptAt: { lte: now },
        content: { status: "published" },
        channel: { notIn: held },
        ...leaseFree(now),
      },
      orderBy: { nextAttemptAt: "asc" },
      take: BATCH,
      select: { id: true },
    });
    if (due.length === 0) break;
    const ids = due.map((d) => d.id);
    const token = new Date(Math.max(now.getTime(), Date.now()) + LEASE_MS + randomInt(100));
    await prisma.channelPost.updateMany({
      where: { id: { in: ids }, status: "publishing", ...leaseFree(now) },
      data: { leaseUntil: token, attempts: { increment: 1 } },
    });
    const claimed = await prisma.channelPost.findMany({ where: { id: { in: ids }, leaseUntil: token }, select: claimedSelect });
    tally.skipped += ids.length - claimed.length;
    const keyOf = (p: Claimed) => p.deliveryKey ?? `cp_${p.id}`;
    const done = new Set(
      (
        await prisma.publishDelivery.findMany({ where: { idempotencyKey: { in: claimed.map(keyOf) } }, select: { idempotencyKey: true } })
      ).map((d) => d.idempotencyKey),
    );
    // Each outcome is recorded as soon as it is known, so a kill loses only the ones in flight.
    const outcomes = await pool(claimed, PARALLEL, async (p) => {
      const outcome = await send(p, keyOf(p), targets.get(p.channel), done.has(keyOf(p)), settings, fetchImpl, now);
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
    if (due.length < BATCH) break;
  }
  return tally;
}

/** When the scheduler should look next for channel posts: a retry's backoff, a lease's end, a scheduled time. */
export async function nextChannelPostDue(): Promise<Date | null> {
  const held = await heldChannels();
  const [retry, lease, scheduled] = await Promise.all([
    prisma.channelPost.aggregate({
      where: { status: "publishing", content: { status: "published" }, channel: { notIn: held } },
      _min: { nextAttemptAt: true },
    }),
    prisma.channelPost.aggregate({ where: { status: "publishing", content: { status: "published" } }, _min: { leaseUntil: true } }),
    prisma.channelPost.aggregate({ where: { status: "scheduled", content: { status: "published" } }, _min: { scheduledAt: true } }),
  ]);
  const times = [retry._min.nextAttemptAt, lease._min.leaseUntil, scheduled._min.scheduledAt].filter((d): d is Date => !!d);
  return times.length ? new Date(Math.min(...times.map((d) => d.getTime()))) : null;
}
