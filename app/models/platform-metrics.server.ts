// A network's daily figures per channel post (decision 021). Storing a day replaces it; its shares
// also reach the item's ContentMetric row for that day (as the difference from what was there), so
// the analytics rollups, kept by ContentMetric's triggers, move with them.
import { prisma } from "~/db/db.server";
import { FIGURES, type Figure, type MetricRow } from "~/domain/platform-metrics";

export type PostFigures = Pick<MetricRow, "day" | Figure>;

/** Channel posts named by id, or by the network's id, in one query each. */
export async function findChannelPosts(keys: { ids: string[]; externalIds: string[] }) {
  const [byId, byExternal] = await Promise.all([
    keys.ids.length
      ? prisma.channelPost.findMany({
          where: { id: { in: keys.ids } },
          select: { id: true, contentId: true, externalId: true, channel: true },
        })
      : [],
    keys.externalIds.length
      ? prisma.channelPost.findMany({
          where: { externalId: { in: keys.externalIds } },
          select: { id: true, contentId: true, externalId: true, channel: true },
        })
      : [],
  ]);
  const externalCount = new Map<string, number>();
  for (const p of byExternal) externalCount.set(p.externalId!, (externalCount.get(p.externalId!) ?? 0) + 1);
  return {
    byId: new Map(byId.map((p) => [p.id, p])),
    // An external id two networks share is ambiguous: it matches nothing.
    byExternalId: new Map(byExternal.filter((p) => externalCount.get(p.externalId!) === 1).map((p) => [p.externalId!, p])),
  };
}

/** Stores every row in one transaction: all of them or none. */
export async function storePostFigures(
  rows: { post: { id: string; contentId: string; channel: string }; figures: PostFigures }[],
  source: "api" | "csv",
) {
  await prisma.$transaction(async (tx) => {
    for (const { post, figures } of rows) await writeDay(tx, post, figures, source);
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
