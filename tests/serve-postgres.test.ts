// The studio serves on PostgreSQL (decision 048): on a fresh database seeded with the sample data, every
// screen's loader answers 200 for a signed-in member, a save and a workflow action go through, the
// tracker's events are stored in one transaction per batch, the jobs run, and the figures (analytics
// presets, dashboard counts, notifications, the team, the calendar) equal SQLite's on the same seed.
// Skipped, with the reason, when PostgreSQL is not reachable (tests/postgres.ts).
import { thisWorkspace } from "~/db/workspace-keys.server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { PrismaClient } from "@prisma/client";
import { seedDatabase } from "../prisma/seed-database";
import { freshPostgresDatabase, postgresUnavailable } from "./postgres";
import { closeDatabase, onDatabase } from "./postgres-modules";
import { pageView } from "./tracker-events";

const SEEDED_AT = new Date("2026-11-20T10:00:00.000Z");
const NOW = new Date(SEEDED_AT.getTime() + 3_600_000);
const USERS = ["user-sarah", "user-marcus", "user-priya", "user-david"];

type Figures = Record<string, unknown>;

/** A few posts for the calendar (the sample data has none): one published, two scheduled. */
async function channelPosts(prisma: PrismaClient) {
  const items = await prisma.contentItem.findMany({
    where: { status: "published" },
    orderBy: { id: "asc" },
    take: 3,
    select: { id: true },
  });
  for (const [i, channel] of (["x", "linkedin", "website"] as const).entries()) {
    const at = new Date(SEEDED_AT.getTime() + (i - 1) * 86_400_000);
    await prisma.channelPost.create({
      data: {
        contentId: items[i].id,
        channel,
        text: `Post ${i}`,
        status: i === 0 ? "published" : "scheduled",
        scheduledAt: at,
        publishedAt: i === 0 ? new Date(at.getTime() + 60_000) : null,
        createdById: "user-sarah",
      },
    });
  }
}

/** Seeds the database and reads every figure the screens show, at a fixed time. */
async function figuresOn(url: string): Promise<Figures> {
  const { prisma } = await onDatabase(url);
  const { analyticsView } = await import("~/models/analytics-view.server");
  const { presetRange } = await import("~/domain/analytics-range");
  const { dashboardCounts } = await import("~/models/dashboard.server");
  const { listNotifications, countUnreadNotifications } = await import("~/models/notification.server");
  const { listTeamOnline } = await import("~/models/user.server");
  const { runTotals } = await import("~/models/run-success.server");
  const { usageTotals, usageForItem } = await import("~/models/assistant-usage.server");
  const { calendarPosts } = await import("~/models/channel-post.server");
  const { listAgents } = await import("~/models/agent.server");
  const { itemTotals } = await import("~/models/analytics.server");
  try {
    await seedDatabase(prisma, SEEDED_AT);
    await channelPosts(prisma);
    const out: Figures = {};
    // Each figure on its own: a query that fails shows as that figure's difference, not the whole suite's.
    const read = async (name: string, figure: () => Promise<unknown>) => {
      out[name] = await figure().catch((error: unknown) => ({ failed: String(error).split("\n").at(-1) }));
    };
    for (const days of [7, 30, 90] as const) {
      const range = presetRange(NOW, days);
      await read(`analytics, last ${days} days`, () => analyticsView(NOW, range));
      await read(`per-item export, last ${days} days`, () => itemTotals(range.current));
    }
    await read("dashboard counts", () => dashboardCounts(NOW));
    await read("run totals", () => runTotals(NOW));
    for (const user of USERS) {
      await read(`notifications of ${user}`, async () => ({
        unread: await countUnreadNotifications(user),
        list: (await listNotifications(user, 50)).map(({ id: _id, ...n }) => n),
      }));
    }
    await read("team online", () => listTeamOnline(NOW));
    await read("assistant usage", async () => [await usageTotals(), await usageForItem("content-sample")]);
    const month = { start: new Date("2026-11-01T00:00:00Z"), end: new Date("2026-12-01T00:00:00Z") };
    await read("calendar posts", async () =>
      (await calendarPosts(month, { channel: "all", status: "all", author: "all" }))
        .map(({ id: _id, ...p }) => p)
        .sort((a, b) => a.at.getTime() - b.at.getTime() || a.channel.localeCompare(b.channel)),
    );
    await read("agents", async () => (await listAgents(NOW)).map((a) => [a.id, a.status, a.successRate, a.lastRunAt]));
    return out;
  } finally {
    await closeDatabase(prisma);
  }
}

const unavailable = await postgresUnavailable();

describe.skipIf(unavailable !== null)(`the studio on PostgreSQL${unavailable ? ` (skipped: ${unavailable})` : ""}`, () => {
  const sqliteUrl = process.env.DATABASE_URL!;
  let postgresUrl = "";
  let sqlite: Figures;
  let postgres: Figures;
  let drop = async () => {};

  beforeAll(async () => {
    const database = await freshPostgresDatabase();
    drop = database.drop;
    postgresUrl = database.url;
    try {
      sqlite = await figuresOn(sqliteUrl);
      postgres = await figuresOn(postgresUrl);
    } finally {
      process.env.DATABASE_URL = sqliteUrl;
      vi.resetModules();
    }
  }, 120_000);
  afterAll(() => drop());

  describe("agrees with SQLite on the same seed", () => {
    const names = [
      ...[7, 30, 90].flatMap((d) => [`analytics, last ${d} days`, `per-item export, last ${d} days`]),
      "dashboard counts",
      "run totals",
      ...USERS.map((u) => `notifications of ${u}`),
      "team online",
      "assistant usage",
      "calendar posts",
      "agents",
    ];
    it.each(names)("%s", (name) => {
      expect(postgres[name]).toEqual(sqlite[name]);
    });

    it("compares figures that are not empty", () => {
      const analytics = sqlite["analytics, last 30 days"] as { top: unknown[]; cards: unknown[] };
      expect(analytics.top.length).toBeGreaterThan(0);
      expect((sqlite["dashboard counts"] as { drafts: number }).drafts).toBeGreaterThan(0);
      expect((sqlite["notifications of user-sarah"] as { list: unknown[] }).list.length).toBeGreaterThan(0);
      expect((sqlite["calendar posts"] as unknown[]).length).toBeGreaterThan(0);
    });
  });

  describe("serves", () => {
    let prisma: PrismaClient;
    let helpers: typeof import("./route-helpers");

    beforeAll(async () => {
      ({ prisma } = await onDatabase(postgresUrl));
      helpers = await import("./route-helpers");
    });
    afterAll(async () => {
      await closeDatabase(prisma);
      process.env.DATABASE_URL = sqliteUrl;
      vi.resetModules();
    });

    const SCREENS: [string, string][] = [
      ["root", "/"],
      ["routes/_index", "/"],
      ["routes/editor/route", "/editor?id=content-sample"],
      ["routes/workflow/route", "/workflow"],
      ["routes/workflow_.logs", "/workflow/logs"],
      ["routes/library/route", "/library?q=ai"],
      ["routes/analytics", "/analytics?range=30"],
      ["routes/settings/route", "/settings"],
      ["routes/settings/route", "/settings?tab=team"],
      ["routes/settings/route", "/settings?tab=agents"],
      ["routes/settings/route", "/settings?tab=integrations"],
      ["routes/settings_.website/route", "/settings/website"],
      ["routes/settings_.approvals/route", "/settings/approvals"],
      ["routes/settings_.audit/route", "/settings/audit"],
      ["routes/content.$id.channels/route", "/content/content-sample/channels"],
    ];

    it.each(SCREENS)("%s answers %s with 200 for a signed-in Admin", async (module, path) => {
      const { loader } = (await import(`~/${module}`)) as { loader: Parameters<typeof helpers.run>[0] };
      const cookie = await helpers.cookieFor(helpers.SAMPLE.Admin);
      const outcome = await helpers.run(loader, helpers.get(path, cookie), { id: "content-sample" });
      expect(outcome.status).toBe(200);
    });

    it("the dashboard shows the seeded content and the bell its notifications", async () => {
      const { loader } = await import("~/routes/_index");
      const { loader: root } = await import("~/root");
      const cookie = await helpers.cookieFor(helpers.SAMPLE.Admin);
      const screen = JSON.stringify((await helpers.run(loader, helpers.get("/", cookie))).body);
      expect(screen).toContain("content-sample");
      const page = (await helpers.run(root, helpers.get("/", cookie))).body as {
        user: { id: string };
        online: { id: string; live: boolean }[];
        notifications: unknown[];
      };
      expect(page.user.id).toBe(helpers.SAMPLE.Admin);
      expect(page.online.find((m) => m.id === helpers.SAMPLE.Admin)?.live).toBe(true);
      expect(page.notifications.length).toBeGreaterThan(0);
    });

    it("saves an item's text and queues a workflow run", async () => {
      const { action: save } = await import("~/routes/content.$id.save");
      const { action: workflow } = await import("~/routes/workflow/route");
      const cookie = await helpers.cookieFor(helpers.SAMPLE.Admin);
      const { body, version } = await prisma.contentItem.findUniqueOrThrow({ where: { id: "content-sample" } });
      const saved = await helpers.run(
        save,
        helpers.post("/content/content-sample/save", { version: String(version), body: `${body}\n\nSaved on PostgreSQL.` }, cookie),
        { id: "content-sample" },
      );
      expect(saved).toMatchObject({ status: 200, body: { version: version + 1 } });
      const queued = await helpers.run(
        workflow,
        helpers.post("/workflow", { intent: "queueBrief", title: "On PG", type: "blog", brief: "Hello." }, cookie),
      );
      expect(queued.status).toBe(200);
      expect(await prisma.workflowRun.count({ where: { briefTitle: "On PG", status: "queued" } })).toBe(1);
    });

    it("the page cache's content version moves after a write and not after the tracker's", async () => {
      const { contentVersion } = await import("~/models/data-revision.server");
      const { commitEvent } = await import("~/models/event-commit.server");
      const before = await contentVersion();
      await commitEvent(pageView("pg-version-1", "content-sample"));
      expect(await contentVersion()).toBe(before);
      await prisma.contentItem.update({ where: { id: "content-sample" }, data: { title: "Renamed on PostgreSQL" } });
      expect(await contentVersion()).toBeGreaterThan(before);
    });

    it("stores the tracker's events: a batch in one transaction, a retried view once, time on the page", async () => {
      const { collectEvent } = await import("~/services/tracking.server");
      const SITE = "https://pg-site.example";
      await prisma.trackedSite.create({ data: { origin: SITE, createdById: helpers.SAMPLE.Admin } });
      const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
      const send = (body: object, ip: string) =>
        collectEvent({ origin: SITE, ip, userAgent: BROWSER, doNotTrack: false, body: JSON.stringify(body) });
      const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);
      const day = { contentId_date: { contentId: "content-sample", date: today } };
      const before = (await prisma.contentMetric.findUnique({ where: day })) ?? { views: 0, timeSpentSec: 0 };
      const ids = ["pg-view-1", "pg-view-2", "pg-view-3", "pg-view-1"];
      const outcomes = await Promise.all(
        ids.map((p, i) => send({ k: "v", u: `${SITE}/blog/x`, r: "", p, c: "content-sample" }, `198.51.100.${i + 1}`)),
      );
      expect(outcomes).toEqual(["accepted", "accepted", "accepted", "accepted"]);
      expect(await send({ k: "e", p: "pg-view-1", s: 30 }, "198.51.100.9")).toBe("accepted");
      expect(await prisma.trackEvent.count({ where: { pageviewId: { in: ["pg-view-1", "pg-view-2", "pg-view-3"] } } })).toBe(5);
      expect(await prisma.trackPageview.findUniqueOrThrow({ where: { id: "pg-view-1" } })).toMatchObject({ seconds: 30 });
      const metric = await prisma.contentMetric.findUniqueOrThrow({ where: day });
      expect(metric).toMatchObject({ views: before.views + 3, timeSpentSec: before.timeSpentSec + 30 });
      const elsewhere = { origin: "https://elsewhere.example", ip: "198.51.100.10", userAgent: BROWSER, doNotTrack: false };
      const stranger = JSON.stringify({ k: "v", u: "https://elsewhere.example/", r: "", p: "pg-view-x" });
      expect(await collectEvent({ ...elsewhere, body: stranger })).toBe("unknown-origin");
    });

    it("commits the events that arrive together in one transaction, and answers them after it", async () => {
      const { commitEvent } = await import("~/models/event-commit.server");
      const transactions = vi.spyOn(prisma, "$transaction");
      const ids = ["pg-batch-1", "pg-batch-2", "pg-batch-3", "pg-batch-4", "pg-batch-5"];
      await Promise.all(ids.map((id) => commitEvent(pageView(id, "content-sample"))));
      expect(transactions).toHaveBeenCalledTimes(1);
      transactions.mockRestore();
      expect(await prisma.trackEvent.count({ where: { pageviewId: { in: ids } } })).toBe(5);
    });

    it("answers an event only from its batch's commit: a rolled-back batch is refused, the next one stored", async () => {
      const { commitEvent } = await import("~/models/event-commit.server");
      const transactions = vi.spyOn(prisma, "$transaction").mockRejectedValueOnce(new Error("connection lost"));
      const lost = Promise.allSettled([
        commitEvent(pageView("pg-lost-1", "content-sample")),
        commitEvent(pageView("pg-lost-2", "content-sample")),
      ]);
      expect((await lost).map((r) => r.status)).toEqual(["rejected", "rejected"]);
      transactions.mockRestore();
      await commitEvent(pageView("pg-after-1", "content-sample"));
      expect(await prisma.trackEvent.count({ where: { pageviewId: { in: ["pg-lost-1", "pg-lost-2", "pg-after-1"] } } })).toBe(1);
    });

    it("runs the jobs: due scheduled posts become publishing jobs, old raw events are pruned, a workflow step runs", async () => {
      const { promoteDueScheduled } = await import("~/models/channel-delivery.server");
      const { pruneRawEvents } = await import("~/models/tracking.server");
      const { WorkflowRunner } = await import("~/jobs/workflow-runner.server");
      const item = await prisma.contentItem.findFirstOrThrow({ where: { status: "published" }, select: { id: true } });
      await prisma.channelPost.deleteMany({ where: { contentId: item.id, channel: "x" } });
      const post = await prisma.channelPost.create({
        data: {
          contentId: item.id,
          channel: "x",
          text: "Due",
          status: "scheduled",
          scheduledAt: new Date(Date.now() - 60_000),
          createdById: helpers.SAMPLE.Admin,
        },
      });
      await promoteDueScheduled(new Date());
      const promoted = await prisma.channelPost.findUniqueOrThrow({ where: { id: post.id } });
      expect(promoted).toMatchObject({ status: "publishing", nextAttemptAt: post.scheduledAt });
      expect(promoted.deliveryKey).toMatch(new RegExp(`^cp_${post.id}_[0-9a-f]{16}$`));

      await prisma.trackEvent.create({ data: { at: new Date(Date.now() - 100 * 86_400_000), kind: "view", url: "https://old.example/" } });
      expect(await pruneRawEvents(new Date(), 90)).toBeGreaterThanOrEqual(1);

      await prisma.settings.update({ where: thisWorkspace(), data: { workflowRunning: true } });
      const runner = new WorkflowRunner({ log: () => undefined, leaseMs: 10_000 });
      expect(await runner.tick()).toBe("worked");
    });
  });
});
