import { prisma } from "~/db.server";
import type { DailyTotals, PeriodTotals } from "~/domain/analytics";
import { daysOf, isoDay, type DayRange } from "~/domain/dates";

const SUMS = { views: true, shares: true, engagedViews: true, timeSpentSec: true } as const;

function totalsOf(sum: Partial<Record<keyof PeriodTotals, number | null>>): PeriodTotals {
  return {
    views: sum.views ?? 0,
    shares: sum.shares ?? 0,
    engagedViews: sum.engagedViews ?? 0,
    timeSpentSec: sum.timeSpentSec ?? 0,
  };
}

const inRange = (range: DayRange) => ({ date: { gte: range.start, lt: range.end } });

export async function periodTotals(range: DayRange): Promise<PeriodTotals> {
  const result = await prisma.contentMetric.aggregate({ where: inRange(range), _sum: SUMS });
  return totalsOf(result._sum);
}

/** One row per day of the range, zero-filled where nothing was recorded. */
export async function dailyTotals(range: DayRange): Promise<DailyTotals[]> {
  const rows = await prisma.contentMetric.groupBy({ by: ["date"], where: inRange(range), _sum: SUMS });
  const byDay = new Map(rows.map((r) => [isoDay(r.date), totalsOf(r._sum)]));
  return daysOf(range).map((date) => ({ date, ...(byDay.get(date) ?? totalsOf({})) }));
}

export interface ItemTotals extends PeriodTotals {
  id: string;
  title: string;
  type: string;
}

/** Per-item totals in the range, most viewed first. */
export async function itemTotals(range: DayRange): Promise<ItemTotals[]> {
  const rows = await prisma.contentMetric.groupBy({
    by: ["contentId"],
    where: inRange(range),
    _sum: SUMS,
    orderBy: { _sum: { views: "desc" } },
  });
  const items = await prisma.contentItem.findMany({
    where: { id: { in: rows.map((r) => r.contentId) } },
    select: { id: true, title: true, type: true },
  });
  const byId = new Map(items.map((i) => [i.id, i]));
  return rows.flatMap((r) => {
    const item = byId.get(r.contentId);
    return item ? [{ ...item, ...totalsOf(r._sum) }] : [];
  });
}

/** All-time views per item, for the library and recent content lists. */
export async function viewsByItem(ids: string[]): Promise<Map<string, number>> {
  const rows = await prisma.contentMetric.groupBy({
    by: ["contentId"],
    where: { contentId: { in: ids } },
    _sum: { views: true },
  });
  return new Map(rows.map((r) => [r.contentId, r._sum.views ?? 0]));
}
