// A network's daily figures per channel post (decision 021). Storing a day replaces it; its shares
// also reach the item's ContentMetric row for that day (as the difference from what was there), so
// the analytics rollups, kept by ContentMetric's triggers, move with them.
import type { Prisma } from "@prisma/client";
import { prisma } from "~/db/db.server";
import { batchOf, createInTransaction, recordClaim } from "~/models/idempotency.server";
import { FIGURES, type Figure, type MetricRow } from "~/domain/platform-metrics";

export type PostFigures = Pick<MetricRow, "day" | Figure>;

const POST_SELECT = {
  id: true,
  contentId: true,
  externalId: true,
  externalUrl: true,
  deliveryKey: true,
  channel: true,
  status: true,
  publishedAt: true,
  content: { select: { title: true } },
} as const;

/** An address as stored or as an export writes it: without a trailing slash. */
const bareUrl = (url: string) => url.trim().replace(/\/+$/, "");

/**
 * Channel posts named by the studio's id, by the network's id (or, for a webhook post a receiver
 * gave no id for, the studio's delivery key, which was its external id), or by the post's address.
 * A name two posts share is ambiguous: it matches nothing.
 */
export async function findChannelPosts(keys: { ids: string[]; externalIds: string[]; urls: string[] }) {
  const urls = [...new Set(keys.urls.flatMap((u) => [bareUrl(u), `${bareUrl(u)}/`]))];
  const [byId, byExternal, byUrl] = await Promise.all([
    keys.ids.length ? prisma.channelPost.findMany({ where: { id: { in: keys.ids } }, select: POST_SELECT }) : [],
    keys.externalIds.length
      ? prisma.channelPost.findMany({
          where: { OR: [{ externalId: { in: keys.externalIds } }, { deliveryKey: { in: keys.externalIds } }] },
          select: POST_SELECT,
        })
      : [],
    urls.length ? prisma.channelPost.findMany({ where: { externalUrl: { in: urls } }, select: POST_SELECT }) : [],
  ]);
  return {
    byId: new Map(byId.map((p) => [p.id, p])),
    byExternalId: unambiguous(byExternal, (p) => [p.externalId, p.deliveryKey]),
    byUrl: unambiguous(byUrl, (p) => [p.externalUrl && bareUrl(p.externalUrl)]),
    bareUrl,
  };
}

function unambiguous<P extends { id: string }>(posts: P[], namesOf: (p: P) => (string | null | undefined)[]) {
  const owners = new Map<string, Set<string>>();
  for (const p of posts) for (const name of namesOf(p)) if (name) owners.set(name, (owners.get(name) ?? new Set()).add(p.id));
  const byId = new Map(posts.map((p) => [p.id, p]));
  return new Map([...owners].filter(([, ids]) => ids.size === 1).map(([name, ids]) => [name, byId.get([...ids][0])!]));
}

export type FoundPost = Prisma.ChannelPostGetPayload<{ select: typeof POST_SELECT }>;

/** Stores every row in one transaction: all of them or none. */
export async function storePostFigures(
  rows: { post: { id: string; contentId: string; channel: string }; figures: PostFigures }[],
  source: "api" | "csv",
) {
  await createInTransaction(async (tx) => {
    for (const { post, figures } of rows) await writeDay(tx, post, figures, source);
    await recordClaim(tx, batchOf(source, rows.length));
  });
}

type Tx = Parameters<Parameters<typeof prisma.$transaction>[0]>[0];

/** One post's day, replaced; the channel's day and the item's shares move by the difference. */
export async function writeDay(
  tx: Tx,
  post: { id: string; contentId: string; channel: string },
  figures: PostFigures,
  source: "api" | "csv" | "pull",
) {
  const { day, ...values } = figures;
  const key = { channelPostId_day: { channelPostId: post.id, day } };
  const before = await tx.channelPostMetric.findUnique({ where: key });
  await tx.channelPostMetric.upsert({
    where: key,
    create: { channelPostId: post.id, day, source, ...values },
    update: { source, ...values },
  });
  // The channel's day moves by the difference, so replacing a day never counts it twice.
  const change = Object.fromEntries(FIGURES.map((f) => [f, values[f] - (before?.[f] ?? 0)])) as Record<Figure, number>;
  await tx.channelMetricDaily.upsert({
    where: { day_channel: { day, channel: post.channel } },
    create: { day, channel: post.channel, ...values },
    update: Object.fromEntries(FIGURES.map((f) => [f, { increment: change[f] }])),
  });
  const delta = change.shares;
  if (delta === 0) return;
  const date = new Date(`${day}T00:00:00.000Z`);
  await tx.contentMetric.upsert({
    where: { contentId_date: { contentId: post.contentId, date } },
    create: { contentId: post.contentId, date, views: 0, shares: Math.max(0, delta), engagedViews: 0, timeSpentSec: 0 },
    update: { shares: { increment: delta } },
  });
}
