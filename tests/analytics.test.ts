import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { parseAnalyticsRange, type AnalyticsRange } from "~/domain/analytics-range";
import { groupPosts, slotOf } from "~/domain/best-time";
import { addDays, isoDay, startOfUtcDay } from "~/domain/dates";
import { itemTotals, publishSlots, topItems, topOfAll } from "~/models/analytics.server";
import { loader as analyticsLoader } from "~/routes/analytics";
import { loader as exportLoader } from "~/routes/analytics.export";
import { SAMPLE, cookieFor, freshSeed, get, run } from "./route-helpers";

const NOW = new Date();
const range = (query: string): AnalyticsRange => {
  const r = parseAnalyticsRange(new URLSearchParams(query), NOW);
  if (!r.ok) throw new Error(r.message);
  return r.range;
};

type Row = Record<string, string | number>;
/** Rows in one order whatever the engine's collation: by their fields' text, in code-unit order. */
const sorted = <T extends Row>(rows: T[]) => {
  const key = (r: T) => Object.values(r).join("\u0001");
  return rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
};

/** Sums rows into groups by `key`, each group's fields added up. */
function sumBy<T extends Row>(rows: T[], key: (r: T) => string, fields: (keyof T)[]) {
  const groups = new Map<string, T>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (!group) groups.set(key(row), { ...row });
    else for (const f of fields) (group[f] as number) += row[f] as number;
  }
  return [...groups.values()];
}

/** The rollups recomputed the slow way, in code, from ContentMetric and the items' current types. */
async function expectedRollups() {
  const [metrics, items] = await Promise.all([
    prisma.contentMetric.findMany({ orderBy: [{ contentId: "asc" }, { date: "asc" }] }),
    prisma.contentItem.findMany({ select: { id: true, type: true, publishedAt: true } }),
  ]);
  const byId = new Map(items.map((i) => [i.id, i]));
  const rows = metrics.map((m) => ({ ...m, day: isoDay(m.date), type: byId.get(m.contentId)!.type }));
  const daily = sumBy(
    rows.map(({ day, type, views, shares, engagedViews, timeSpentSec }) => ({ day, type, views, shares, engagedViews, timeSpentSec })),
    (r) => `${r.day} ${r.type}`,
    ["views", "shares", "engagedViews", "timeSpentSec"],
  );
  const totals = new Map<string, { views: number; engagedViews: number }>();
  const running = rows.map((m) => {
    const sum = totals.get(m.contentId) ?? { views: 0, engagedViews: 0 };
    totals.set(m.contentId, { views: sum.views + m.views, engagedViews: sum.engagedViews + m.engagedViews });
    return { contentId: m.contentId, day: m.day, ...totals.get(m.contentId)! };
  });
  const monthly = sumBy(
    rows.map((m) => ({ month: m.day.slice(0, 7), contentId: m.contentId, views: m.views })),
    (r) => `${r.month} ${r.contentId}`,
    ["views"],
  ).filter((r) => r.views !== 0);
  const firstWeek = (id: string, day: string) => {
    const first = byId.get(id)!.publishedAt!;
    return day >= isoDay(first) && day <= isoDay(addDays(startOfUtcDay(first), 6));
  };
  const posts = items
    .filter((i) => i.publishedAt)
    .map((i) => ({
      contentId: i.id,
      engagedViews: rows.filter((m) => m.contentId === i.id && firstWeek(i.id, m.day)).reduce((n, m) => n + m.engagedViews, 0),
    }));
  const listing = items.map((i) => ({ contentId: i.id, views: totals.get(i.id)?.views ?? 0 }));
  return { listing: sorted(listing), daily: sorted(daily), running: sorted(running), monthly: sorted(monthly), posts: sorted(posts) };
}

/** What the triggers keep, read through the models. */
async function actualRollups() {
  const nonZero = { OR: [{ views: { not: 0 } }, { shares: { not: 0 } }, { engagedViews: { not: 0 } }, { timeSpentSec: { not: 0 } }] };
  const [daily, running, monthly, posts, listing] = await Promise.all([
    prisma.contentMetricDaily.findMany({ where: nonZero }),
    prisma.contentMetricRunning.findMany({ select: { contentId: true, day: true, views: true, engagedViews: true } }),
    prisma.contentMetricMonthly.findMany({ where: { views: { not: 0 } } }),
    prisma.contentPostEngagement.findMany({ select: { contentId: true, engagedViews: true } }),
    prisma.contentListing.findMany({ select: { contentId: true, views: true } }),
  ]);
  return { listing: sorted(listing), daily: sorted(daily), running: sorted(running), monthly: sorted(monthly), posts: sorted(posts) };
}

beforeAll(async () => {
  await freshSeed(NOW);
});

describe("rollups kept by triggers", () => {
  it("match ContentMetric after the seed and after inserts, edits, deletes, a type change and an item deletion", async () => {
    expect(await actualRollups()).toEqual(await expectedRollups());
    const [a, b] = await prisma.contentItem.findMany({
      where: { status: "published" },
      orderBy: { id: "asc" },
      take: 2,
      select: { id: true },
    });
    const day = (n: number) => addDays(startOfUtcDay(NOW), -n);
    // A back-dated row between existing days, a new latest row, an edit, a delete.
    await prisma.contentMetric.upsert({
      where: { contentId_date: { contentId: a.id, date: day(400) } },
      create: { contentId: a.id, date: day(400), views: 7, shares: 1, engagedViews: 5, timeSpentSec: 70 },
      update: {},
    });
    await prisma.contentMetric.deleteMany({ where: { contentId: a.id, date: day(3) } });
    await prisma.contentMetric.create({ data: { contentId: a.id, date: day(3), views: 11, shares: 2, engagedViews: 9, timeSpentSec: 99 } });
    await prisma.contentMetric.updateMany({
      where: { contentId: a.id, date: day(10) },
      data: { views: { increment: 100 }, engagedViews: { increment: 50 } },
    });
    await prisma.contentMetric.deleteMany({ where: { contentId: a.id, date: day(5) } });
    expect(await actualRollups()).toEqual(await expectedRollups());
    // In place, as the tracker writes: only time, then figures down as well as up; then rows moved to
    // another day and to another item.
    await prisma.contentMetric.updateMany({ where: { contentId: a.id, date: day(3) }, data: { timeSpentSec: { increment: 45 } } });
    await prisma.contentMetric.updateMany({
      where: { contentId: a.id, date: day(3) },
      data: { views: { decrement: 4 }, shares: { increment: 3 }, engagedViews: { decrement: 2 } },
    });
    expect(await actualRollups()).toEqual(await expectedRollups());
    await prisma.contentMetric.updateMany({ where: { contentId: a.id, date: day(3) }, data: { date: day(5), views: { increment: 6 } } });
    expect(await actualRollups()).toEqual(await expectedRollups());
    await prisma.contentMetric.updateMany({ where: { contentId: a.id, date: day(400) }, data: { contentId: b.id } });
    expect(await actualRollups()).toEqual(await expectedRollups());
    const type = (await prisma.contentItem.findUniqueOrThrow({ where: { id: b.id } })).type;
    await prisma.contentItem.update({ where: { id: b.id }, data: { type: type === "blog" ? "social" : "blog" } });
    expect(await actualRollups()).toEqual(await expectedRollups());
    await prisma.contentItem.update({ where: { id: a.id }, data: { publishedAt: day(12) } });
    expect(await actualRollups()).toEqual(await expectedRollups());
    await prisma.contentItem.delete({ where: { id: b.id } });
    expect(await actualRollups()).toEqual(await expectedRollups());
    // Several items in one statement, each with its days of metrics.
    const more = await prisma.contentItem.findMany({ where: { status: "published", id: { not: a.id } }, orderBy: { id: "desc" }, take: 3 });
    await prisma.contentItem.deleteMany({ where: { id: { in: more.map((i) => i.id) } } });
    expect(await actualRollups()).toEqual(await expectedRollups());
  });
});

describe("per-item totals from running totals", () => {
  it("equal summing each item's days, for presets and custom ranges", async () => {
    for (const query of [
      "range=7",
      "range=30",
      "range=90",
      `range=custom&from=${isoDay(addDays(NOW, -75))}&to=${isoDay(addDays(NOW, -40))}`,
    ]) {
      const r = range(query);
      const sums = await prisma.contentMetric.groupBy({
        by: ["contentId"],
        where: { date: { gte: r.current.start, lt: r.current.end } },
        _sum: { views: true, shares: true, engagedViews: true, timeSpentSec: true },
      });
      const expected = new Map(sums.filter((s) => s._sum.views! > 0).map((s) => [s.contentId, s._sum]));
      const items = await itemTotals(r.current);
      expect(items.length, query).toBe(expected.size);
      for (const item of items) {
        const sum = expected.get(item.id)!;
        expect([item.views, item.shares, item.engagedViews, item.timeSpentSec]).toEqual([
          sum.views,
          sum.shares,
          sum.engagedViews,
          sum.timeSpentSec,
        ]);
      }
      const leaders = [...expected.values()]
        .map((s) => s.views!)
        .sort((x, y) => y - x)
        .slice(0, 5);
      expect((await topItems(r.current, 5)).map((t) => t.views)).toEqual(leaders);
      const scanned = await topOfAll(r.current, 5);
      expect(scanned.map((t) => t.views)).toEqual(leaders);
      for (const t of scanned) expect(t.engagedViews).toBe(expected.get(t.id)!.engagedViews);
    }
  });
});

describe("Top Content reads month by month and looks deeper when it must", () => {
  it("finds the range's leaders even when each month's leaders earned their views outside the range", async () => {
    // 500 days ago, where the seed has no metrics: 30 items big early in the month, 6 smaller ones late in it.
    const monthStart = new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth() - 16, 1));
    const at = (d: number) => addDays(monthStart, d);
    const make = async (title: string, views: number, days: number[]) => {
      const item = await prisma.contentItem.create({
        data: { title, type: "blog", status: "published", authorId: SAMPLE.Writer, publishedAt: at(0) },
      });
      await prisma.contentMetric.createMany({
        data: days.map((d) => ({ contentId: item.id, date: at(d), views, shares: 0, engagedViews: 0, timeSpentSec: 0 })),
      });
      return item.id;
    };
    // More early leaders than the shortcut takes (20), so the answer comes from ranking every item.
    for (let i = 0; i < 90; i++) await make(`Early ${i}`, 1000 + i, [0, 1, 2]);
    const late = [];
    for (let i = 0; i < 6; i++) late.push(await make(`Late ${i}`, 100 + i, [20, 21]));
    const r = { start: at(20), end: at(22), days: 2 };
    const top = await topItems(r, 5);
    expect(top.map((t) => t.id)).toEqual(late.slice(1).reverse());
    expect(top.map((t) => t.views)).toEqual([210, 208, 206, 204, 202]);
    expect((await topOfAll(r, 5)).map((t) => t.id)).toEqual(late.slice(1).reverse());
  }, 60_000);
});

describe("best time to post from the data", () => {
  it("counts each slot's posts whose first week is over and sums their first-week engaged views per day, as computed by hand", async () => {
    const r = range("range=90");
    const today = startOfUtcDay(NOW);
    const posts = await prisma.contentItem.findMany({
      where: { publishedAt: { gte: r.current.start, lt: r.current.end } },
      select: { id: true, publishedAt: true },
    });
    // A post still in its first week is left out: its week's figures are not in yet.
    const finished = posts.filter((p) => addDays(startOfUtcDay(p.publishedAt!), 7) <= today);
    expect(finished.length).toBeGreaterThan(0);
    expect(finished.length).toBeLessThan(posts.length);
    const byHand = await Promise.all(
      finished.map(async (p) => {
        const first = startOfUtcDay(p.publishedAt!);
        const sum = await prisma.contentMetric.aggregate({
          where: { contentId: p.id, date: { gte: first, lt: addDays(first, 7) } },
          _sum: { engagedViews: true },
        });
        return { publishedAt: p.publishedAt!, engagement: (sum._sum.engagedViews ?? 0) / 7 };
      }),
    );
    const sort = <T extends { weekday: number; hour: number }>(cells: T[]) =>
      [...cells].sort((x, y) => x.weekday - y.weekday || x.hour - y.hour);
    const fromDb = sort(await publishSlots(r.current, NOW));
    const expected = sort(groupPosts(byHand));
    expect(fromDb.map((c) => [c.weekday, c.hour, c.posts])).toEqual(expected.map((c) => [c.weekday, c.hour, c.posts]));
    fromDb.forEach((c, i) => expect(c.engagement).toBeCloseTo(expected[i].engagement, 6));
    expect(fromDb.reduce((s, c) => s + c.posts, 0)).toBe(finished.length);
    expect(slotOf(posts[0].publishedAt!)).toBeDefined();
  });
});

describe("analytics routes", () => {
  it("answers a bad range with 400 and the message for its field, and a good one with figures", async () => {
    const cookie = await cookieFor(SAMPLE.Analyst);
    const bad = await run(analyticsLoader, get("/analytics?range=custom&from=2026-03-10&to=2026-03-01", cookie));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      view: null,
      error: { field: "to", message: "The end date (Mar 1, 2026) is before the start date (Mar 10, 2026)." },
      values: { from: "2026-03-10", to: "2026-03-01" },
    });
    const good = await run(analyticsLoader, get(`/analytics?range=custom&from=${isoDay(addDays(NOW, -6))}&to=${isoDay(NOW)}`, cookie));
    expect(good.status).toBe(200);
    const view = (
      good.body as {
        view: { cards: { title: string }[]; series: { data: unknown[] }[]; heatmap: unknown[]; bestTime: { slots: unknown[] } };
      }
    ).view;
    expect(view.cards).toHaveLength(4);
    expect(view.series[0].data).toHaveLength(7);
    expect(view.heatmap).toHaveLength(28);
    expect(view.bestTime.slots).toHaveLength(168);
  });

  it("lets Analysts export per day and per item, neutralising formulas in titles; Writers may not", async () => {
    const item = await prisma.contentItem.create({
      data: { title: '=HYPERLINK("http://x")', type: "blog", status: "published", authorId: SAMPLE.Writer, publishedAt: NOW },
    });
    await prisma.contentMetric.create({
      data: { contentId: item.id, date: startOfUtcDay(NOW), views: 3, shares: 1, engagedViews: 2, timeSpentSec: 30 },
    });
    const analyst = await cookieFor(SAMPLE.Analyst);
    const days = await run(exportLoader, get("/analytics/export?range=7&rows=days", analyst));
    expect(days.status).toBe(200);
    expect(days.headers.get("content-disposition")).toMatch(/attachment; filename="analytics-daily-last-7-days-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(String(days.body).trimEnd().split("\r\n")).toHaveLength(8);
    const items = await run(exportLoader, get("/analytics/export?range=7&rows=items", analyst));
    const lines = String(items.body).trimEnd().split("\r\n");
    expect(lines[0]).toBe("title,type,status,views,shares,engaged views,engagement rate %,avg time spent seconds,performance");
    expect(lines).toContain(`"'=HYPERLINK(""http://x"")",blog,published,3,1,2,66.7,10,Medium`);
    expect((await run(exportLoader, get("/analytics/export?range=7&rows=pages", analyst))).status).toBe(400);
    expect((await run(exportLoader, get("/analytics/export?range=custom&from=2020-01-01&to=2026-01-01", analyst))).status).toBe(400);
    expect((await run(exportLoader, get("/analytics/export?range=7", await cookieFor(SAMPLE.Writer)))).status).toBe(403);
  });
});
