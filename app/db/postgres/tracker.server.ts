// The tracker's storage on PostgreSQL (decisions 048, 068): one transaction per batch through Prisma's
// pool, each table written with one multi-row statement. A commit there is durable when it returns
// (synchronous_commit), so no fsync follows it.
import { Prisma } from "@prisma/client";
import { randomBytes } from "node:crypto";
import { z } from "zod/v4";
import { prisma } from "~/db/db.server";
import { col, parseRows } from "~/db/db-row.server";
import { DeltaMap, dayOf, engagementDelta } from "~/domain/tracker";
import type { IngestEvent } from "~/db/tracker.server";

type Tx = Prisma.TransactionClient;
type Pageview = { contentId: string | null; day: string; seconds: number };

const PageviewRow = z.object({ id: col.text, contentId: col.text.nullable(), day: col.text, seconds: col.int });
const values = (rows: Prisma.Sql[]) => Prisma.join(rows, ",\n");

/** The page loads the batch refers to that are already stored. */
async function storedPageviews(tx: Tx, ids: string[]): Promise<Map<string, Pageview>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.$queryRaw<unknown[]>(
    Prisma.sql`SELECT "id", "contentId", "day", "seconds" FROM "TrackPageview" WHERE "id" IN (${Prisma.join(ids)})`,
  );
  return new Map(parseRows(PageviewRow, rows).map(({ id, ...pv }) => [id, pv]));
}

/**
 * Writes a batch in one transaction, in the order the events came (as on SQLite: a heartbeat for a
 * page load not yet seen adds nothing). Returns whether a daily figure changed (decision 026).
 */
export function writeEvents(events: readonly IngestEvent[]): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const pageviews = await storedPageviews(tx, [...new Set(events.flatMap((e) => (e.kind === "click" ? [] : [e.pageviewId])))]);
    const rows: Prisma.Sql[] = [];
    const newPageviews: Prisma.Sql[] = [];
    const seconds = new Map<string, number>();
    const metrics = new DeltaMap<`${string}\u0000${string}`>();
    const unassigned = new Map<string, number>();
    const clicks = new Map<string, number>();
    const channelClicks = new Map<string, number>();
    const add = (key: string, map: Map<string, number>, n = 1) => map.set(key, (map.get(key) ?? 0) + n);
    const event = (
      e: IngestEvent,
      fields: [string | null, string | null, string | null, string, string, string, string, string, string, number],
    ) => rows.push(Prisma.sql`(${e.at}, ${e.kind}, ${Prisma.join(fields)})`);
    for (const e of events) {
      const day = dayOf(e.at);
      if (e.kind === "view") {
        event(e, [e.contentId, null, e.pageviewId, e.url, e.referrer, e.utmSource, e.utmMedium, e.utmCampaign, e.visitor, 0]);
        if (pageviews.has(e.pageviewId)) continue; // a page load reported twice (a retried beacon) is one view
        pageviews.set(e.pageviewId, { contentId: e.contentId, day, seconds: 0 });
        newPageviews.push(Prisma.sql`(${e.pageviewId}, ${e.contentId}, ${day}, 0, ${e.at})`);
        if (e.contentId) metrics.add(`${e.contentId}\u0000${day}`, { views: 1 });
        else add(`${day}\u0000${e.url}`, unassigned);
      } else if (e.kind === "engage") {
        const pv = pageviews.get(e.pageviewId);
        if (!pv) continue;
        const delta = engagementDelta(pv.seconds, e.seconds);
        if (delta.seconds === 0) continue;
        pv.seconds = delta.total;
        seconds.set(e.pageviewId, delta.total);
        event(e, [pv.contentId, null, e.pageviewId, "", "", "", "", "", "", delta.seconds]);
        if (pv.contentId)
          metrics.add(`${pv.contentId}\u0000${pv.day}`, { timeSpentSec: delta.seconds, engagedViews: delta.becameEngaged ? 1 : 0 });
      } else {
        event(e, [null, e.channelPostId, null, "", e.referrer, "", "", "", e.visitor, 0]);
        add(`${e.channelPostId}\u0000${day}`, clicks);
        add(`${day}\u0000${e.channel}`, channelClicks);
      }
    }
    if (rows.length)
      await tx.$executeRaw(Prisma.sql`INSERT INTO "TrackEvent" ("at", "kind", "contentId", "channelPostId", "pageviewId", "url", "referrer", "utmSource", "utmMedium", "utmCampaign", "visitor", "seconds")
        VALUES ${values(rows)}`);
    if (newPageviews.length)
      await tx.$executeRaw(
        Prisma.sql`INSERT INTO "TrackPageview" ("id", "contentId", "day", "seconds", "at") VALUES ${values(newPageviews)} ON CONFLICT DO NOTHING`,
      );
    if (seconds.size)
      await tx.$executeRaw(Prisma.sql`UPDATE "TrackPageview" p SET "seconds" = v."seconds"
        FROM (VALUES ${values([...seconds].map(([id, s]) => Prisma.sql`(${id}, ${s}::integer)`))}) AS v("id", "seconds") WHERE p."id" = v."id"`);
    await upserts(tx, metrics, unassigned, clicks, channelClicks);
    return metrics.byKey.size + unassigned.size + clicks.size > 0;
  });
}

async function upserts(
  tx: Tx,
  metrics: DeltaMap<`${string}\u0000${string}`>,
  unassigned: Map<string, number>,
  clicks: Map<string, number>,
  channelClicks: Map<string, number>,
) {
  const pairs = (map: Map<string, number>) =>
    values([...map].map(([key, n]) => Prisma.sql`(${Prisma.join(key.split("\u0000"))}, ${n}::bigint)`));
  if (metrics.byKey.size) {
    const deltas = [...metrics.byKey].map(([key, d]) => {
      const [contentId, day] = key.split("\u0000");
      const date = new Date(`${day}T00:00:00.000Z`);
      return Prisma.sql`(${contentId}, ${date}::timestamp, ${d.views}::bigint, ${d.shares}::bigint, ${d.engagedViews}::bigint, ${d.timeSpentSec}::bigint)`;
    });
    // The item may have been deleted since the lookup: then its row is skipped, not the batch.
    await tx.$executeRaw(Prisma.sql`INSERT INTO "ContentMetric" ("contentId", "date", "views", "shares", "engagedViews", "timeSpentSec")
      SELECT v.* FROM (VALUES ${values(deltas)}) AS v("contentId", "date", "views", "shares", "engagedViews", "timeSpentSec")
      JOIN "ContentItem" c ON c."id" = v."contentId"
      ON CONFLICT ("contentId", "date") DO UPDATE SET "views" = "ContentMetric"."views" + excluded."views",
        "shares" = "ContentMetric"."shares" + excluded."shares", "engagedViews" = "ContentMetric"."engagedViews" + excluded."engagedViews",
        "timeSpentSec" = "ContentMetric"."timeSpentSec" + excluded."timeSpentSec"`);
  }
  if (unassigned.size)
    await tx.$executeRaw(Prisma.sql`INSERT INTO "UnassignedPageDaily" ("day", "url", "views") VALUES ${pairs(unassigned)}
      ON CONFLICT ("day", "url") DO UPDATE SET "views" = "UnassignedPageDaily"."views" + excluded."views"`);
  if (clicks.size)
    await tx.$executeRaw(Prisma.sql`INSERT INTO "ShortLinkDaily" ("channelPostId", "day", "clicks") VALUES ${pairs(clicks)}
      ON CONFLICT ("channelPostId", "day") DO UPDATE SET "clicks" = "ShortLinkDaily"."clicks" + excluded."clicks"`);
  if (channelClicks.size)
    await tx.$executeRaw(Prisma.sql`INSERT INTO "ChannelMetricDaily" ("day", "channel", "clicks") VALUES ${pairs(channelClicks)}
      ON CONFLICT ("day", "channel") DO UPDATE SET "clicks" = "ChannelMetricDaily"."clicks" + excluded."clicks"`);
}

/** Made once a day by whichever process asks first. */
export async function saltOf(day: string): Promise<string> {
  const [, , rows] = await prisma.$transaction([
    prisma.$executeRaw(
      Prisma.sql`INSERT INTO "TrackerSalt" ("day", "salt") VALUES (${day}, ${randomBytes(16).toString("hex")}) ON CONFLICT DO NOTHING`,
    ),
    prisma.$executeRaw(Prisma.sql`DELETE FROM "TrackerSalt" WHERE "day" < ${day}`),
    prisma.$queryRaw<unknown[]>(Prisma.sql`SELECT "salt" FROM "TrackerSalt" WHERE "day" = ${day}`),
  ]);
  return z.object({ salt: col.text }).parse(rows[0]).salt;
}

const MONTH_PARTITION = /^TrackEvent_(\d{4})_(\d{2})$/;
const PartitionRow = z.object({ name: col.text });
const CountRow = z.object({ n: col.int });

/** The month partitions of "TrackEvent" (migration 20261127160000) that end by `cutoff`. */
async function monthsEndedBy(cutoff: Date): Promise<string[]> {
  const rows = await prisma.$queryRaw<unknown[]>(Prisma.sql`SELECT c.relname::text AS "name" FROM pg_inherits i
    JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = '"TrackEvent"'::regclass`);
  return parseRows(PartitionRow, rows)
    .map((r) => r.name)
    .filter((name) => {
      const [, year, month] = MONTH_PARTITION.exec(name) ?? [];
      return year !== undefined && Date.UTC(Number(year), Number(month), 1) <= cutoff.getTime();
    });
}

/**
 * Months wholly past the retention go by dropping their partition; what is left
 * (the month the cutoff falls in, the default partition) in slices, so no statement holds its locks
 * for long. It first makes this month's and next month's partitions, so events land in one.
 */
export async function pruneRawEvents(now: Date, retentionDays: number): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  await prisma.$executeRaw(
    Prisma.sql`SELECT studio_track_event_month(${dayOf(now)}::date), studio_track_event_month(${dayOf(nextMonth)}::date)`,
  );
  let total = 0;
  for (const name of await monthsEndedBy(cutoff)) {
    const [rows] = await prisma.$transaction([
      prisma.$queryRawUnsafe<unknown[]>(`SELECT count(*) AS "n" FROM "${name}"`),
      prisma.$executeRawUnsafe(`DROP TABLE "${name}"`),
    ]);
    total += CountRow.parse(rows[0]).n;
  }
  for (;;) {
    const n = await prisma.$executeRaw(
      Prisma.sql`DELETE FROM "TrackEvent" WHERE "id" IN (SELECT "id" FROM "TrackEvent" WHERE "at" < ${cutoff} ORDER BY "at" LIMIT 5000)`,
    );
    total += n;
    if (n < 5000) break;
  }
  total += await prisma.$executeRaw(Prisma.sql`DELETE FROM "TrackPageview" WHERE "at" < ${cutoff}`);
  await prisma.$executeRaw(Prisma.sql`DELETE FROM "TrackerSalt" WHERE "day" < ${dayOf(now)}`);
  return total;
}

/** A commit is durable when it returns: nothing is left to sync. */
export function syncCommitted(done: (error: Error | null) => void) {
  queueMicrotask(() => done(null));
}

const first = async (rows: Promise<unknown[]>): Promise<unknown> => (await rows)[0];

export const originRow = (origin: string) =>
  first(prisma.$queryRaw<unknown[]>`SELECT "workspaceId" FROM "TrackedSite" WHERE "origin" = ${origin}`);

export const optionsRow = (workspaceId: string) =>
  first(
    prisma.$queryRaw<unknown[]>`SELECT "respectDoNotTrack", "retentionDays" FROM "TrackerSettings" WHERE "workspaceId" = ${workspaceId}`,
  );

export const longestRetentionRow = () =>
  first(prisma.$queryRaw<unknown[]>`SELECT MAX("retentionDays") AS "retentionDays" FROM "TrackerSettings"`);

export const itemNamedRow = (name: string) =>
  first(
    prisma.$queryRaw<
      unknown[]
    >`SELECT "id" FROM "ContentItem" WHERE "id" = ${name} UNION ALL SELECT "id" FROM "ContentItem" WHERE "slug" = ${name} LIMIT 1`,
  );

export const websitePostRows = () =>
  prisma.$queryRaw<
    unknown[]
  >`SELECT "contentId", "externalUrl", "link" FROM "ChannelPost" WHERE "channel" = 'website' AND ("externalUrl" IS NOT NULL OR "link" IS NOT NULL)`;
