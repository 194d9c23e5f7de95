// Analytics at scale: a temporary database with 10,000 items × 2 years of daily metrics, timed
// through the analytics loader's data function (analyticsView) for a 90-day range.
// Usage: npm run bench:analytics [-- items [days]] (RAW_EVENTS, default 10,000,000: raw tracker events
// over the last 90 days, with 2,000 channel posts' daily network figures; KEEP_DB=1 keeps the database file;
// BENCH_DB=<file> times a database kept earlier instead of building one).
// Prints p50/p95/max server time per range and p95 against the 50 ms budget for 90 days.
// Times are wall clock, so other busy processes inflate them: the load average and this process's
// CPU time per call (what the work itself costs, without waiting for a core) are printed too.
import "../server/require-node"; // first: refuses an older Node before anything loads
import Database from "better-sqlite3";
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseAnalyticsRange, type AnalyticsRange } from "../app/domain/analytics-range";
import { CONTENT_TYPES } from "../app/domain/content";
import { USERS } from "../prisma/sample/people";
import { TITLES } from "../prisma/sample/titles";
import { seededRandom } from "./lib/seeded-random";
import { percentile } from "./lib/stats";
import { toDbDate } from "../app/db/db-row.server";
import { FIRST_WORKSPACE_ID, enterScriptScope } from "../app/db/workspace-scope.server";

// The bench's rows are the first workspace's (decision 073).
enterScriptScope(FIRST_WORKSPACE_ID);

const ITEMS = Number(process.argv[2] ?? 10_000);
const RAW_EVENTS = Number(process.env.RAW_EVENTS ?? 10_000_000);
const CHANNEL_POSTS = 2000;
const DAYS = Number(process.argv[3] ?? 730);
const BUDGET_MS = 50;
const WARMUP = 5;
const RUNS = 60;
const DAY = 24 * 60 * 60 * 1000;

// Deterministic, so two runs time the same data.
const rand = seededRandom(2026);
const iso = (ms: number) => toDbDate(new Date(ms)); // the one date codec (decision 017)
const WEEKDAY_WEIGHT = [0.65, 1.05, 1.2, 1.25, 1.15, 0.95, 0.7];

// What the migrations' backfills do, for rows inserted while the ContentMetric triggers were off.
const REBUILD_ROLLUPS = `
  INSERT INTO "ContentMetricDaily" ("day", "type", "views", "shares", "engagedViews", "timeSpentSec")
  SELECT substr(m."date", 1, 10), c."type", SUM(m."views"), SUM(m."shares"), SUM(m."engagedViews"), SUM(m."timeSpentSec")
  FROM "ContentMetric" m JOIN "ContentItem" c ON c."id" = m."contentId" GROUP BY 1, 2;
  INSERT INTO "ContentMetricRunning" ("contentId", "day", "type", "views", "shares", "engagedViews", "timeSpentSec")
  SELECT m."contentId", substr(m."date", 1, 10), c."type",
         SUM(m."views") OVER w, SUM(m."shares") OVER w, SUM(m."engagedViews") OVER w, SUM(m."timeSpentSec") OVER w
  FROM "ContentMetric" m JOIN "ContentItem" c ON c."id" = m."contentId"
  WINDOW w AS (PARTITION BY m."contentId" ORDER BY m."date" ROWS UNBOUNDED PRECEDING);
  INSERT INTO "ContentMetricMonthly" ("month", "contentId", "views")
  SELECT substr(m."date", 1, 7), m."contentId", SUM(m."views") FROM "ContentMetric" m GROUP BY 1, 2;
  UPDATE "ContentPostEngagement" SET "engagedViews" = COALESCE((SELECT SUM(m."engagedViews") FROM "ContentMetric" m
    WHERE m."contentId" = "ContentPostEngagement"."contentId" AND m."date" >= "firstDay" AND m."date" < date("firstDay", '+7 days')), 0);
  UPDATE "ContentListing" SET "views" = COALESCE((SELECT SUM("views") FROM "ContentMetric" m WHERE m."contentId" = "ContentListing"."contentId"), 0);`;

/**
 * Every item has a metric row on every day (the worst case for volume). Row-by-row through the
 * triggers this takes tens of minutes on 2 shared cores, so the metrics go in with ContentMetric's
 * triggers set aside, the rollups are built in one pass as the migration's backfill does, and the
 * triggers go back exactly as they were (their SQL is read from the database).
 */
function createDatabase(file: string, now: number) {
  execSync("npx prisma migrate deploy", { env: { ...process.env, DATABASE_URL: `file:${file}` }, stdio: "pipe" });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF"); // a throwaway file: no need to survive a power cut while it is built
  const today = Math.floor(now / DAY) * DAY;
  const first = today - (DAYS - 1) * DAY;
  const insertUser = db.prepare(`INSERT INTO "User" (id, name, email, role, title, updatedAt) VALUES (?, ?, ?, ?, ?, ?)`);
  const insertItem = db.prepare(
    `INSERT INTO "ContentItem" (id, title, type, status, body, authorId, publishedAt, createdAt, updatedAt) VALUES (?, ?, ?, 'published', '', ?, ?, ?, ?)`,
  );
  const insertMetric = db.prepare(
    `INSERT INTO "ContentMetric" (contentId, date, views, shares, engagedViews, timeSpentSec) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const started = performance.now();
  const items = Array.from({ length: ITEMS }, (_, i) => {
    const base = TITLES[i % TITLES.length];
    // Published at any hour over the two years, so best time to post has posts in every range.
    const published = first + Math.floor(rand() * DAYS * DAY);
    return {
      id: `bench-${String(i).padStart(6, "0")}`,
      title: `${base.title} #${i}`,
      type: CONTENT_TYPES[i % CONTENT_TYPES.length],
      published,
      pop: 2 + rand() ** 3 * 300,
    };
  });
  db.transaction(() => {
    for (const u of USERS) insertUser.run(u.id, u.name, u.email, u.role, u.title, iso(now));
    for (const item of items)
      insertItem.run(item.id, item.title, item.type, USERS[0].id, iso(item.published), iso(item.published - DAY), iso(item.published));
  })();
  const triggers = db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'ContentMetric'`).all() as {
    name: string;
    sql: string;
  }[];
  for (const t of triggers) db.exec(`DROP TRIGGER "${t.name}"`);
  const dates = Array.from({ length: DAYS }, (_, d) => ({
    iso: iso(first + d * DAY),
    weight: WEEKDAY_WEIGHT[new Date(first + d * DAY).getUTCDay()],
  }));
  for (let start = 0; start < items.length; start += 500) {
    db.transaction(() => {
      for (const item of items.slice(start, start + 500)) {
        for (const { iso: date, weight } of dates) {
          const views = Math.max(1, Math.round(item.pop * weight * (0.6 + rand() * 0.8)));
          insertMetric.run(
            item.id,
            date,
            views,
            Math.round(views * (0.1 + rand() * 0.2)),
            Math.round(views * (0.5 + rand() * 0.45)),
            views * (60 + Math.floor(rand() * 180)),
          );
        }
      }
    })();
  }
  const inserted = (performance.now() - started) / 1000;
  db.transaction(() => {
    db.exec(REBUILD_ROLLUPS);
    for (const t of triggers) db.exec(t.sql);
  })();
  const measured = addMeasurement(db, today + DAY);
  db.exec("ANALYZE");
  const counts = db
    .prepare(
      `SELECT (SELECT count(*) FROM "ContentItem") AS items, (SELECT count(*) FROM "ContentMetric") AS metrics, (SELECT count(*) FROM "ContentMetricRunning") AS running, (SELECT count(*) FROM "ContentMetricDaily") AS daily, (SELECT max("id") FROM "TrackEvent") AS rawEvents, (SELECT count(*) FROM "ChannelPostMetric") AS postMetrics`,
    )
    .get() as Record<string, number>;
  db.close();
  return { counts, inserted, measured, seconds: (performance.now() - started) / 1000 };
}

/**
 * Raw tracker events over the last 90 days (decision 021), written by SQLite itself from a counter
 * (a recursive CTE, a million rows per transaction): 10 million rows through JavaScript would take
 * longer than the bench. The analytics screen reads the rollups, never these; the bench shows the
 * raw table's size does not reach it. Plus daily network figures for 2,000 channel posts (the
 * per-channel breakdown reads them).
 */
function addMeasurement(db: Database.Database, end: number) {
  const started = performance.now();
  const span = 90 * DAY;
  const first = end - span;
  const channels = ["website", "twitter", "linkedin", "facebook", "instagram"];
  db.transaction(() => {
    const post = db.prepare(
      `INSERT INTO "ChannelPost" ("id", "contentId", "channel", "externalId", "status", "createdById", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, 'published', 'bench', ?, ?)`,
    );
    for (let i = 0; i < CHANNEL_POSTS; i++) {
      const channel = channels[i % channels.length];
      post.run(`bench-post-${i}`, `bench-${String(i % ITEMS).padStart(6, "0")}`, channel, `ext-${i}`, iso(first), iso(first));
    }
    db.exec(`
      WITH RECURSIVE d(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM d WHERE n < 89)
      INSERT INTO "ChannelPostMetric" ("channelPostId", "day", "impressions", "likes", "comments", "shares", "clicks", "source", "updatedAt")
      SELECT p."id", date(${first / 1000}, 'unixepoch', '+' || d.n || ' days'), 500 + abs(random() % 500), abs(random() % 40), abs(random() % 10),
             abs(random() % 15), abs(random() % 30), 'api', '${iso(end)}'
      FROM "ChannelPost" p, d WHERE p."channel" <> 'website';
      INSERT INTO "ChannelMetricDaily" ("day", "channel", "impressions", "likes", "comments", "shares", "clicks")
      SELECT m."day", p."channel", SUM(m."impressions"), SUM(m."likes"), SUM(m."comments"), SUM(m."shares"), SUM(m."clicks")
      FROM "ChannelPostMetric" m JOIN "ChannelPost" p ON p."id" = m."channelPostId" GROUP BY 1, 2`);
  })();
  const chunk = 1_000_000;
  for (let done = 0; done < RAW_EVENTS; done += chunk) {
    const n = Math.min(chunk, RAW_EVENTS - done);
    db.prepare(
      `WITH RECURSIVE c(i) AS (SELECT ? UNION ALL SELECT i + 1 FROM c WHERE i < ?)
       INSERT INTO "TrackEvent" ("at", "kind", "contentId", "pageviewId", "url", "referrer", "utmSource", "visitor", "seconds")
       SELECT strftime('%Y-%m-%dT%H:%M:%S.000+00:00', (? + i * ?) / 1000.0, 'unixepoch'),
              CASE WHEN i % 4 = 0 THEN 'view' ELSE 'engage' END,
              'bench-' || printf('%06d', (i / 4 * 7919) % ?), 'pv' || (i / 4), 'https://bench.example/p/' || ((i / 4 * 7919) % ?),
              CASE WHEN i % 8 = 0 THEN 'news.example' ELSE '' END, '', lower(hex(randomblob(16))), CASE WHEN i % 4 = 0 THEN 0 ELSE 15 END
       FROM c`,
    ).run(done, done + n - 1, first, span / RAW_EVENTS, ITEMS, ITEMS);
  }
  return { seconds: (performance.now() - started) / 1000 };
}

/**
 * The same shape in the PostgreSQL database DATABASE_URL names (decision 048), which must hold no
 * items: the items from the same random sequence, then everything else generated by PostgreSQL itself
 * (generate_series, random()): the metrics with ContentMetric's triggers disabled and the rollups
 * built in one pass, as on SQLite; channel posts' figures and raw events as addMeasurement makes them.
 */
async function createPostgresDatabase(url: string, now: number) {
  const { migratePostgres } = await import("../server/migrate-postgres");
  const { default: pg } = await import("pg");
  await migratePostgres(url, undefined, () => {});
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const started = performance.now();
  try {
    const { rows: found } = await db.query(`SELECT count(*)::int AS n FROM "ContentItem"`);
    if (found[0].n > 0) throw new Error(`${new URL(url).pathname.slice(1)} already holds items: give the bench an empty database`);
    const today = Math.floor(now / DAY) * DAY;
    const first = today - (DAYS - 1) * DAY;
    const items = Array.from({ length: ITEMS }, (_, i) => ({
      id: `bench-${String(i).padStart(6, "0")}`,
      title: `${TITLES[i % TITLES.length].title} #${i}`,
      type: CONTENT_TYPES[i % CONTENT_TYPES.length],
      published: first + Math.floor(rand() * DAYS * DAY),
      pop: 2 + rand() ** 3 * 300,
    }));
    await db.query("BEGIN");
    for (const u of USERS)
      await db.query(`INSERT INTO "User" ("id", "name", "email", "role", "title", "updatedAt") VALUES ($1, $2, $3, $4, $5, $6)`, [
        u.id,
        u.name,
        u.email,
        u.role,
        u.title,
        new Date(now),
      ]);
    await db.query(
      `INSERT INTO "ContentItem" ("id", "title", "type", "status", "body", "authorId", "publishedAt", "createdAt", "updatedAt")
       SELECT i.id, i.title, i.type, 'published', '', $5, to_timestamp(i.at / 1000.0) AT TIME ZONE 'UTC',
              to_timestamp((i.at - ${DAY}) / 1000.0) AT TIME ZONE 'UTC', to_timestamp(i.at / 1000.0) AT TIME ZONE 'UTC'
       FROM unnest($1::text[], $2::text[], $3::text[], $4::float8[]) AS i(id, title, type, at)`,
      [items.map((i) => i.id), items.map((i) => i.title), items.map((i) => i.type), items.map((i) => i.published), USERS[0].id],
    );
    await db.query(`ALTER TABLE "ContentMetric" DISABLE TRIGGER USER`);
    await db.query(
      `INSERT INTO "ContentMetric" ("contentId", "date", "views", "shares", "engagedViews", "timeSpentSec")
       SELECT id, d, v, round(v * (0.1 + random() * 0.2)), round(v * (0.5 + random() * 0.45)), v * (60 + floor(random() * 180))
       FROM (SELECT i.id, d, greatest(1, round(i.pop * (ARRAY[${WEEKDAY_WEIGHT.join(", ")}])[extract(dow FROM d) + 1] * (0.6 + random() * 0.8)))::integer AS v
             FROM unnest($1::text[], $2::float8[]) AS i(id, pop),
                  generate_series(to_timestamp($3 / 1000.0) AT TIME ZONE 'UTC', to_timestamp($4 / 1000.0) AT TIME ZONE 'UTC', interval '1 day') AS d) m`,
      [items.map((i) => i.id), items.map((i) => i.pop), first, today],
    );
    const inserted = (performance.now() - started) / 1000;
    await db.query(`
      INSERT INTO "ContentMetricDaily" ("day", "type", "views", "shares", "engagedViews", "timeSpentSec")
      SELECT studio_day(m."date"), c."type", SUM(m."views"), SUM(m."shares"), SUM(m."engagedViews"), SUM(m."timeSpentSec")
      FROM "ContentMetric" m JOIN "ContentItem" c ON c."id" = m."contentId" GROUP BY 1, 2;
      INSERT INTO "ContentMetricRunning" ("contentId", "day", "type", "views", "shares", "engagedViews", "timeSpentSec")
      SELECT m."contentId", studio_day(m."date"), c."type",
             SUM(m."views") OVER w, SUM(m."shares") OVER w, SUM(m."engagedViews") OVER w, SUM(m."timeSpentSec") OVER w
      FROM "ContentMetric" m JOIN "ContentItem" c ON c."id" = m."contentId"
      WINDOW w AS (PARTITION BY m."contentId" ORDER BY m."date" ROWS UNBOUNDED PRECEDING);
      INSERT INTO "ContentMetricMonthly" ("month", "contentId", "views")
      SELECT to_char(m."date", 'YYYY-MM'), m."contentId", SUM(m."views") FROM "ContentMetric" m GROUP BY 1, 2;
      UPDATE "ContentPostEngagement" e SET "engagedViews" = COALESCE((SELECT SUM(m."engagedViews") FROM "ContentMetric" m
        WHERE m."contentId" = e."contentId" AND m."date" >= e."firstDay"::date AND m."date" < e."firstDay"::date + 7), 0);
      UPDATE "ContentListing" l SET "views" = COALESCE((SELECT SUM("views") FROM "ContentMetric" m WHERE m."contentId" = l."contentId"), 0);
      ALTER TABLE "ContentMetric" ENABLE TRIGGER USER;`);
    const span = 90 * DAY;
    const from = today + DAY - span;
    await db.query(
      `INSERT INTO "ChannelPost" ("id", "contentId", "channel", "externalId", "status", "createdById", "createdAt", "updatedAt")
       SELECT 'bench-post-' || n, 'bench-' || lpad((n % ${ITEMS})::text, 6, '0'), (ARRAY['website', 'twitter', 'linkedin', 'facebook', 'instagram'])[n % 5 + 1],
              'ext-' || n, 'published', 'bench', $1, $1
       FROM generate_series(0, ${CHANNEL_POSTS - 1}) AS n`,
      [new Date(from)],
    );
    await db.query(
      `INSERT INTO "ChannelPostMetric" ("channelPostId", "day", "impressions", "likes", "comments", "shares", "clicks", "source", "updatedAt")
       SELECT p."id", to_char(to_timestamp($1 / 1000.0) AT TIME ZONE 'UTC' + d * interval '1 day', 'YYYY-MM-DD'), 500 + floor(random() * 500),
              floor(random() * 40), floor(random() * 10), floor(random() * 15), floor(random() * 30), 'api', now()
       FROM "ChannelPost" p, generate_series(0, 89) AS d WHERE p."channel" <> 'website'`,
      [from],
    );
    await db.query(`INSERT INTO "ChannelMetricDaily" ("day", "channel", "impressions", "likes", "comments", "shares", "clicks")
      SELECT m."day", p."channel", SUM(m."impressions"), SUM(m."likes"), SUM(m."comments"), SUM(m."shares"), SUM(m."clicks")
      FROM "ChannelPostMetric" m JOIN "ChannelPost" p ON p."id" = m."channelPostId" GROUP BY 1, 2`);
    await db.query(
      `INSERT INTO "TrackEvent" ("at", "kind", "contentId", "pageviewId", "url", "referrer", "utmSource", "visitor", "seconds")
       SELECT to_timestamp(($1::float8 + i * $2::float8) / 1000.0) AT TIME ZONE 'UTC', CASE WHEN i % 4 = 0 THEN 'view' ELSE 'engage' END,
              'bench-' || lpad(((i / 4 * 7919) % ${ITEMS})::text, 6, '0'), 'pv' || (i / 4), 'https://bench.example/p/' || ((i / 4 * 7919) % ${ITEMS}),
              CASE WHEN i % 8 = 0 THEN 'news.example' ELSE '' END, '', md5(i::text), CASE WHEN i % 4 = 0 THEN 0 ELSE 15 END
       FROM generate_series(0::bigint, ${RAW_EVENTS - 1}) AS i`,
      [from, span / RAW_EVENTS],
    );
    await db.query("COMMIT");
    // What autovacuum does after a bulk load: the visibility map set, so index-only scans stay in the index.
    await db.query("VACUUM ANALYZE");
    const { rows } = await db.query(
      `SELECT (SELECT count(*) FROM "ContentItem")::int AS items, (SELECT count(*) FROM "ContentMetric")::int AS metrics, (SELECT count(*) FROM "ContentMetricRunning")::int AS running, (SELECT count(*) FROM "ContentMetricDaily")::int AS daily, (SELECT count(*) FROM "TrackEvent")::int AS "rawEvents", (SELECT count(*) FROM "ChannelPostMetric")::int AS "postMetrics"`,
    );
    return { counts: rows[0], inserted, seconds: (performance.now() - started) / 1000 };
  } finally {
    await db.end();
  }
}

const fmt = (ms: number) => ms.toFixed(2).padStart(7);

async function main() {
  // DATABASE_URL=postgresql://… (an empty database; BENCH_REUSE=1: one an earlier run built) times PostgreSQL instead (decision 048).
  const postgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "") ? process.env.DATABASE_URL! : null;
  const reuse = postgres ? undefined : process.env.BENCH_DB;
  const dir = reuse ? path.dirname(reuse) : fs.mkdtempSync(path.join(os.tmpdir(), "analytics-bench-"));
  const file = reuse ?? path.join(dir, "bench.db");
  const now = new Date();
  if (postgres && process.env.BENCH_REUSE === "1") console.log(`Timing ${new URL(postgres).pathname.slice(1)}, built earlier`);
  else if (postgres) {
    console.log(
      `Building ${ITEMS.toLocaleString("en")} items × ${DAYS} days of metrics in PostgreSQL (${new URL(postgres).pathname.slice(1)}) …`,
    );
    const built = await createPostgresDatabase(postgres, now.getTime());
    console.log(
      `Built ${JSON.stringify(built.counts)}: metrics inserted in ${built.inserted.toFixed(1)} s, ${built.seconds.toFixed(1)} s in all`,
    );
  } else if (reuse) console.log(`Timing ${file}, built earlier`);
  else {
    console.log(`Building ${ITEMS.toLocaleString("en")} items × ${DAYS} days of metrics in ${file} …`);
    const built = createDatabase(file, now.getTime());
    console.log(
      `Built ${JSON.stringify(built.counts)}: metrics inserted in ${built.inserted.toFixed(1)} s, raw events and network figures in ${built.measured.seconds.toFixed(1)} s, rollups built, ${built.seconds.toFixed(1)} s in all`,
    );
  }

  if (!postgres) process.env.DATABASE_URL = `file:${file}`;
  const { analyticsView, analyticsExport } = await import("../app/models/analytics-view.server");
  const { dashboardCounts } = await import("../app/models/dashboard.server");
  const { channelTotals } = await import("../app/models/channel-analytics.server");
  const { prisma, ensureDatabaseReady } = await import("../app/db/db.server");
  await ensureDatabaseReady();

  const range = (query: string): AnalyticsRange => {
    const r = parseAnalyticsRange(new URLSearchParams(query), now);
    if (!r.ok) throw new Error(r.message);
    return r.range;
  };
  const twoYears = range(
    `range=custom&from=${new Date(now.getTime() - 730 * DAY).toISOString().slice(0, 10)}&to=${now.toISOString().slice(0, 10)}`,
  );
  const cases: [string, () => Promise<unknown>, boolean][] = [
    ["analytics, last 90 days", () => analyticsView(now, range("range=90")), true],
    ["analytics, last 30 days", () => analyticsView(now, range("range=30")), false],
    ["analytics, last 7 days", () => analyticsView(now, range("range=7")), false],
    ["analytics, custom 2 years", () => analyticsView(now, twoYears), false],
    ["dashboard figures", () => dashboardCounts(now), false],
    ["  of which channels, 90 days", () => channelTotals(range("range=90").current), false],
    ["export 90 days (not in budget)", () => analyticsExport(range("range=90")), false],
  ];
  console.log(`\nServer time per call (${RUNS} runs after ${WARMUP} warm-up):`);
  let verdict = "";
  for (const [label, call, budgeted] of cases) {
    for (let i = 0; i < WARMUP; i++) await call();
    const times: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < (label.startsWith("export") ? 10 : RUNS); i++) {
      const started = performance.now();
      const cpuStart = process.cpuUsage();
      await call();
      const used = process.cpuUsage(cpuStart);
      times.push(performance.now() - started);
      cpu.push((used.user + used.system) / 1000);
    }
    const sorted = times.sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    const cpuSorted = cpu.sort((a, b) => a - b);
    console.log(
      `  ${label.padEnd(31)} p50 ${fmt(percentile(sorted, 50))} ms  p95 ${fmt(p95)} ms  max ${fmt(sorted.at(-1)!)} ms` +
        `  (CPU p50 ${fmt(percentile(cpuSorted, 50))} ms, p95 ${fmt(percentile(cpuSorted, 95))} ms)${budgeted ? `  p95/budget ${(p95 / BUDGET_MS).toFixed(2)}` : ""}`,
    );
    if (budgeted) verdict = `90-day p95 ${p95.toFixed(1)} ms against the ${BUDGET_MS} ms budget: ${p95 <= BUDGET_MS ? "within" : "OVER"}`;
  }
  console.log(
    `\n${verdict}. Load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} on ${os.cpus().length} cores.`,
  );
  await prisma.$disconnect();
  if (process.env.KEEP_DB || reuse) console.log(`Kept ${file}`);
  else fs.rmSync(dir, { recursive: true, force: true });
}

await main();
