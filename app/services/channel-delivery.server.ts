// Delivers channel posts: each post is its own persisted job (the ChannelPost row: status,
// attempts, nextAttemptAt, a lease and a delivery key), so channels never hold each other up, a
// killed process's post is picked up after its lease, and a retry never posts twice (decision 020).
import { randomUUID } from "node:crypto";
import { postWebhook } from "~/adapters/webhook.server";
import { prisma } from "~/db.server";
import { tagLink } from "~/domain/channels/links";
import { composePost, isChannel } from "~/domain/channels/network-limits";
import { backoffMs, MAX_ATTEMPTS } from "~/domain/channels/post-rules";
import { channelSettings } from "~/models/channel-post.server";
import { slugify } from "~/domain/channels/links";

export const LEASE_MS = Number(process.env.CHANNEL_LEASE_MS ?? 30_000);
export const RETRY_BASE_MS = Number(process.env.CHANNEL_RETRY_BASE_MS ?? 30_000);
const BATCH = 200;
const PARALLEL = 8;

/** What a receiver gets: see "Channel post webhooks" in the README for the schema and signature. */
export interface ChannelPayload {
  event: "channel_post.published";
  deliveryKey: string;
  channelPostId: string;
  channel: string;
  handle: string | null;
  text: string;
  /** The link as posted (UTM-tagged when the team has that on), or null. */
  link: string | null;
  /** text plus link, as the network shows it. */
  post: string;
  imageUrl: string | null;
  content: { id: string; title: string; slug: string; publishedAt: string | null };
  article: {
    markdown: string;
    /** Sanitised HTML of the article; null until the shared Markdown renderer lands (issue 15). */
    html: string | null;
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

/** Scheduled posts whose time has come, on items already published, become publishing jobs. */
async function promoteDueScheduled(now: Date): Promise<void> {
  const due = await prisma.channelPost.findMany({
    where: { status: "scheduled", scheduledAt: { lte: now }, content: { status: "published" } },
    select: { id: true, deliveryKey: true, scheduledAt: true },
    take: 5000,
  });
  for (const p of due)
    await prisma.channelPost.updateMany({
      where: { id: p.id, status: "scheduled" },
      data: { status: "publishing", nextAttemptAt: p.scheduledAt, deliveryKey: p.deliveryKey ?? `cp_${p.id}_${randomUUID()}` },
    });
}

async function claim(id: string, now: Date): Promise<boolean> {
  const { count } = await prisma.channelPost.updateMany({
    where: { id, status: "publishing", nextAttemptAt: { lte: now }, OR: [{ leaseUntil: null }, { leaseUntil: { lte: now } }] },
    data: { leaseUntil: new Date(now.getTime() + LEASE_MS), attempts: { increment: 1 } },
  });
  return count === 1;
}

type Settings = Awaited<ReturnType<typeof channelSettings>>;

async function deliverOne(
  id: string,
  settings: Settings,
  fetchImpl: typeof fetch,
  now: Date,
): Promise<"sent" | "retry" | "failed" | "skipped"> {
  if (!(await claim(id, now))) return "skipped";
  const post = await prisma.channelPost.findUniqueOrThrow({
    where: { id },
    include: { content: { select: { id: true, title: true, slug: true, body: true, publishedAt: true } } },
  });
  const key = post.deliveryKey ?? `cp_${post.id}`;
  try {
    if (!isChannel(post.channel)) throw new Error(`Unknown channel ${post.channel}`);
    const target =
      post.channel === "website"
        ? { id: "website", name: "Website", connected: true, handle: null, webhookUrl: null, webhookSecret: null }
        : await prisma.integration.findUnique({ where: { id: post.channel } });
    if (!target?.connected) throw new Error(`${target?.name ?? post.channel} is no longer connected.`);
    const slug = post.content.slug ?? slugify(post.content.title);
    const link = post.link
      ? tagLink(post.link, { siteUrl: settings.siteUrl, channel: post.channel, slug, enabled: settings.utmTagging })
      : null;
    const payload: ChannelPayload = {
      event: "channel_post.published",
      deliveryKey: key,
      channelPostId: post.id,
      channel: post.channel,
      handle: target.handle,
      text: post.text,
      link,
      post: composePost(post.text, post.channel === "website" ? null : link),
      imageUrl: post.imageUrl,
      content: { id: post.content.id, title: post.content.title, slug, publishedAt: post.content.publishedAt?.toISOString() ?? null },
      article: { markdown: post.content.body, html: null },
      scheduledAt: post.scheduledAt?.toISOString() ?? null,
      sentAt: now.toISOString(),
    };
    const body = JSON.stringify(payload);
    const already = await prisma.publishDelivery.findUnique({ where: { idempotencyKey: key }, select: { id: true } });
    let status: number | null = null;
    if (!already && target.webhookUrl)
      status = await postWebhook(
        { name: target.name, url: target.webhookUrl, secret: target.webhookSecret, body, deliveryKey: key },
        fetchImpl,
      );
    await prisma.$transaction(async (tx) => {
      if (!already)
        await tx.publishDelivery.create({
          data: {
            runId: `channel-post:${post.id}`,
            contentId: post.contentId,
            integrationId: post.channel,
            channel: target.webhookUrl ? "webhook" : "outbox",
            status: target.webhookUrl ? "sent" : "queued",
            payload: body,
            responseStatus: status,
            idempotencyKey: key,
          },
        });
      await tx.channelPost.update({
        where: { id },
        data: { status: "published", publishedAt: now, leaseUntil: null, nextAttemptAt: null, lastError: null, externalId: key },
      });
    });
    return "sent";
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const last = post.attempts >= MAX_ATTEMPTS;
    await prisma.channelPost.update({
      where: { id },
      data: last
        ? { status: "failed", lastError: reason, leaseUntil: null, nextAttemptAt: null }
        : { lastError: reason, leaseUntil: null, nextAttemptAt: new Date(now.getTime() + backoffMs(post.attempts, RETRY_BASE_MS)) },
    });
    return last ? "failed" : "retry";
  }
}

/** Sends every post that is due, a few at a time; returns how each went. */
export async function deliverDueChannelPosts(now = new Date(), fetchImpl: typeof fetch = fetch) {
  await promoteDueScheduled(now);
  const settings = await channelSettings();
  const tally = { sent: 0, retry: 0, failed: 0, skipped: 0 };
  for (;;) {
    const due = await prisma.channelPost.findMany({
      where: {
        status: "publishing",
        nextAttemptAt: { lte: now },
        content: { status: "published" },
        OR: [{ leaseUntil: null }, { leaseUntil: { lte: now } }],
      },
      orderBy: { nextAttemptAt: "asc" },
      take: BATCH,
      select: { id: true },
    });
    if (due.length === 0) break;
    let next = 0;
    const worker = async () => {
      while (next < due.length) {
        const outcome = await deliverOne(due[next++].id, settings, fetchImpl, now);
        tally[outcome]++;
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    if (due.length < BATCH) break;
  }
  return tally;
}

/** When the scheduler should look next for channel posts: a retry's backoff, a lease's end, a scheduled time. */
export async function nextChannelPostDue(): Promise<Date | null> {
  const [retry, lease, scheduled] = await Promise.all([
    prisma.channelPost.aggregate({ where: { status: "publishing", content: { status: "published" } }, _min: { nextAttemptAt: true } }),
    prisma.channelPost.aggregate({ where: { status: "publishing", content: { status: "published" } }, _min: { leaseUntil: true } }),
    prisma.channelPost.aggregate({ where: { status: "scheduled", content: { status: "published" } }, _min: { scheduledAt: true } }),
  ]);
  const times = [retry._min.nextAttemptAt, lease._min.leaseUntil, scheduled._min.scheduledAt].filter((d): d is Date => !!d);
  return times.length ? new Date(Math.min(...times.map((d) => d.getTime()))) : null;
}
