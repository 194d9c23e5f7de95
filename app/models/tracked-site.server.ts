// Settings › Website: the registered origins and the tracker's options (decision 021).
import { thisWorkspace } from "~/db/workspace-keys.server";
import { z } from "zod/v4";
import { prisma } from "~/db/db.server";
import { figures } from "~/db/figures.server";
import { col, parseRows } from "~/db/db-row.server";
import { refusal, type Refusal } from "~/domain/reply";
import { TRACKER_DEFAULTS } from "~/models/tracking.server";
import { createInTransaction, recordClaim } from "~/models/idempotency.server";
import { readsTraffic } from "~/db/page-reads.server";

export async function listTrackedSites() {
  return prisma.trackedSite.findMany({ orderBy: { createdAt: "asc" }, select: { id: true, origin: true } });
}

export async function addTrackedSite(origin: string, createdById: string): Promise<{ ok: true } | Refusal> {
  const taken = () => refusal("conflict", `${origin} is already registered.`);
  try {
    const added = await createInTransaction(async (tx) => {
      if (await tx.trackedSite.findUnique({ where: { origin }, select: { id: true } })) return false;
      const site = await tx.trackedSite.create({ data: { origin, createdById }, select: { id: true } });
      await recordClaim(tx, site.id);
      return true;
    });
    return added ? { ok: true } : taken();
  } catch (error) {
    // Two adding it at once: the second meets the unique origin (by its code: each engine has its own client's error class).
    if ((error as { code?: string }).code === "P2002") return taken();
    throw error;
  }
}

export async function removeTrackedSite(id: string): Promise<{ ok: true; origin: string } | Refusal> {
  const site = await prisma.trackedSite.findUnique({ where: { id }, select: { origin: true } });
  const { count } = await prisma.trackedSite.deleteMany({ where: { id } });
  return count && site ? { ok: true, origin: site.origin } : refusal("not-found", "That site is not registered.");
}

export async function getTrackerOptions() {
  return (
    (await prisma.trackerSettings.findUnique({ where: thisWorkspace(), select: { respectDoNotTrack: true, retentionDays: true } })) ??
    TRACKER_DEFAULTS
  );
}

export async function saveTrackerOptions(options: { respectDoNotTrack: boolean; retentionDays: number }) {
  await prisma.trackerSettings.upsert({ where: thisWorkspace(), create: { ...options }, update: options });
}

const PageRow = z.object({ url: col.text, views: col.sum });

/** The most viewed pages that map to no item, over the last `days` days. */
export async function unassignedPages(now: Date, days = 30, limit = 10) {
  readsTraffic();
  const first = new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
  const rows = await prisma.$queryRaw<unknown[]>`
    SELECT "url", SUM("views") AS "views" FROM "UnassignedPageDaily" WHERE "day" >= ${first}
    GROUP BY "url" ORDER BY 2 DESC LIMIT ${limit}`;
  return parseRows(PageRow, rows);
}

const TodayRow = z.object({ views: col.sum, visitors: col.sum });

/** Today's tracked views and unique visitors (hashes of today's salt). */
export async function trafficToday(now: Date) {
  readsTraffic();
  return TodayRow.parse(await figures().trafficSinceRow(new Date(`${now.toISOString().slice(0, 10)}T00:00:00.000Z`)));
}
