// Library search at scale: a temporary database with 100,000 items, timed through the loader's model function.
// Usage: npm run bench:library [-- items] (KEEP_DB=1 keeps the database file for a closer look).
// Prints p50/p95/max server time per query kind and overall, and p95 against the 20 ms budget.
// Times are wall clock, so other busy processes inflate them: the load average is printed too.
import "../server/require-node"; // first: refuses an older Node before anything loads
import Database from "better-sqlite3";
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { CONTENT_STATUSES, type ContentStatus } from "../app/domain/content";
import { PAGE_SIZE, type LibrarySort } from "../app/domain/library-query";
import type { LibraryPageQuery } from "../app/models/content.server";
import type { ListingFilters } from "../app/db/sqlite/library-search.server";
import { normalizeSearch } from "../app/domain/search-text";
import { USERS } from "../prisma/sample/people";
import { TITLES } from "../prisma/sample/titles";
import { seededRandom } from "./lib/seeded-random";
import { percentile } from "./lib/stats";
import { toDbDate } from "../app/db/db-row.server";
import { FIRST_WORKSPACE_ID, enterScriptScope } from "../app/db/workspace-scope.server";

// The bench's rows are the first workspace's (decision 073).
enterScriptScope(FIRST_WORKSPACE_ID);

const ITEMS = Number(process.argv[2] ?? 100_000);
const BUDGET_MS = 20;
const WARMUP = 3;
const RUNS = 25;
const DAY = 24 * 60 * 60 * 1000;

// Deterministic, so two runs time the same data.
const rand = seededRandom(2026);
const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
const iso = (ms: number) => toDbDate(new Date(ms)); // the one date codec (decision 017)

const PREFIXES = ["", "", "", "Draft: ", "Notes on ", "Revisited: ", "Q3 ", "Guest Post: ", "Café Talk: ", "Über-Guide: "];
const SUFFIXES = [
  "",
  "",
  "",
  " (Part 2)",
  " for Small Teams",
  " in 2026",
  " — 100% Practical",
  " Straße Edition",
  " at Scale",
  " Checklist",
];
const EXTRA_TAGS = [...new Set(TITLES.flatMap((t) => t.tags))].concat(["Café", "Übersicht", "Straße", "naïve"]);
const STATUS_WEIGHTS: [ContentStatus, number][] = [
  ["published", 0.45],
  ["draft", 0.25],
  ["review", 0.15],
  ["archived", 0.15],
];

// Bodies of 40–120 words from the titles' vocabulary and common words; a few rare phrases to find.
const VOCABULARY = [...new Set(TITLES.flatMap((t) => t.title.toLowerCase().match(/[a-z]+/g) ?? []))].concat(
  "the a and of to in for with our your team audience content brand voice readers story data launch plan week".split(" "),
);
const RARE_PHRASES = ["quarterly roadmap review", "zebra crossing", "naïve café menu"];
function makeBody(): string {
  const words = Array.from({ length: 40 + Math.floor(rand() * 80) }, () => pick(VOCABULARY));
  if (rand() < 0.01) words.splice(Math.floor(rand() * words.length), 0, pick(RARE_PHRASES));
  return words.join(" ") + ".";
}

function pickStatus(): ContentStatus {
  let r = rand();
  for (const [status, weight] of STATUS_WEIGHTS) if ((r -= weight) < 0) return status;
  return "draft";
}

/** The rows every run builds, in one order (the random sequence decides them). */
interface Rows {
  users: unknown[][];
  items: unknown[][];
  tags: unknown[][];
  metrics: unknown[][];
}

function generate(now: number): Rows {
  const rows: Rows = { users: [], items: [], tags: [], metrics: [] };
  for (const u of USERS) rows.users.push([u.id, u.name, u.email, u.role, u.title, iso(now)]);
  for (let i = 0; i < ITEMS; i++) {
    const base = pick(TITLES);
    const id = `bench-${String(i).padStart(6, "0")}`;
    const status = pickStatus();
    const updated = now - Math.floor(rand() * 730 * DAY);
    const created = updated - Math.floor(rand() * 30 * DAY);
    rows.items.push([
      id,
      `${pick(PREFIXES)}${base.title}${pick(SUFFIXES)}`,
      base.type,
      status,
      makeBody(),
      pick(USERS).id,
      status === "published" ? iso(updated) : null,
      iso(created),
      iso(updated),
    ]);
    const tags = [...new Set([...base.tags.slice(0, 1 + Math.floor(rand() * 3)), pick(EXTRA_TAGS)])];
    tags.forEach((name, position) => rows.tags.push([id, name, position]));
    if (status === "published") {
      const days = 1 + Math.floor(rand() * 3);
      for (let d = 0; d < days; d++) rows.metrics.push([id, iso(Date.UTC(2026, 0, 1) + d * DAY), Math.floor(rand() ** 3 * 20_000)]);
    }
  }
  return rows;
}

const INSERTS = {
  users: `INSERT INTO "User" ("id", "name", "email", "role", "title", "updatedAt")`,
  items: `INSERT INTO "ContentItem" ("id", "title", "type", "status", "body", "authorId", "publishedAt", "createdAt", "updatedAt")`,
  tags: `INSERT INTO "ContentTag" ("contentId", "name", "position")`,
  metrics: `INSERT INTO "ContentMetric" ("contentId", "date", "views", "shares", "engagedViews", "timeSpentSec")`,
};
const COUNTS_SQL = `SELECT (SELECT count(*) FROM "ContentItem") AS items, (SELECT count(*) FROM "ContentTag") AS tags, (SELECT count(*) FROM "ContentMetric") AS metrics`;

function createDatabase(file: string) {
  execSync("npx prisma migrate deploy", { env: { ...process.env, DATABASE_URL: `file:${file}` }, stdio: "pipe" });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  const started = performance.now();
  const rows = generate(Date.now());
  const insert = (table: keyof Rows, extra = "") =>
    db.prepare(`${INSERTS[table]} VALUES (${rows[table][0].map(() => "?").join(", ")}${extra})`);
  const statements = { users: insert("users"), items: insert("items"), tags: insert("tags"), metrics: insert("metrics", ", 0, 0, 0") };
  db.transaction(() => {
    for (const table of ["users", "items", "tags", "metrics"] as const) for (const row of rows[table]) statements[table].run(...row);
  })();
  db.exec("ANALYZE");
  const counts = db.prepare(COUNTS_SQL).get();
  db.close();
  return { counts, seconds: (performance.now() - started) / 1000 };
}

/**
 * The same rows in the PostgreSQL database DATABASE_URL names (decision 048), which must hold no
 * items: migrated here, filled in multi-row statements through the triggers, then vacuumed and analysed.
 */
async function createPostgresDatabase(url: string) {
  const { migratePostgres } = await import("../server/migrate-postgres");
  const { default: pg } = await import("pg");
  await migratePostgres(url, undefined, () => {});
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: found } = await client.query(`SELECT count(*)::int AS n FROM "ContentItem"`);
    if (found[0].n > 0) throw new Error(`${new URL(url).pathname.slice(1)} already holds items: give the bench an empty database`);
    const started = performance.now();
    const rows = generate(Date.now());
    await client.query("BEGIN");
    // Tags one by one through their trigger (each rewrites its item's tag text and its trigram index
    // entries) take most of an hour here: the trigger is set aside and the text written once per item.
    await client.query(`ALTER TABLE "ContentTag" DISABLE TRIGGER "ContentTag_listing"`);
    for (const table of ["users", "items", "tags", "metrics"] as const) {
      const all = table === "metrics" ? rows.metrics.map((r) => [...r, 0, 0, 0]) : rows[table];
      for (let at = 0; at < all.length; at += 1000) {
        const chunk = all.slice(at, at + 1000);
        const width = chunk[0].length;
        const values = chunk.map((_, r) => `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(", ")})`);
        await client.query(`${INSERTS[table]} VALUES ${values.join(", ")}`, chunk.flat());
      }
    }
    await client.query(
      `UPDATE "ContentListing" SET "searchTags" = studio_tags_of("contentId"), "tagNames" = studio_tag_names_of("contentId")`,
    );
    await client.query(`ALTER TABLE "ContentTag" ENABLE TRIGGER "ContentTag_listing"`);
    await client.query("COMMIT");
    // What autovacuum does on a running studio: the bulk load's dead listing rows (each tag and metric
    // rewrote its item's row) are cleared and the visibility map set, so deep pages read the index alone.
    await client.query("VACUUM ANALYZE");
    const { rows: counts } = await client.query(COUNTS_SQL);
    return { counts: counts[0], seconds: (performance.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}

type Case = { kind: string; label: string; query: LibraryPageQuery };
const q = (kind: string, label: string, query: Partial<LibraryPageQuery>): Case => ({
  kind,
  label,
  // The list alone: the counts per filter value are timed on their own below (they are cached per filter set).
  query: { q: "", sort: "newest" as LibrarySort, page: 1, pageSize: PAGE_SIZE, ...query },
});

const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
const FILTER_CASES: Case[] = [
  q("more filters", "type blog", { type: "blog" }),
  q("more filters", "author", { authorId: USERS[0].id }),
  q("more filters", "type · author · most viewed", { type: "social", authorId: USERS[1].id, sort: "views" }),
  q("more filters", "updated in the last 30 days", { dateField: "updated", from: daysAgo(30) }),
  q("more filters", "created in one week a year ago", { dateField: "created", from: daysAgo(372), before: daysAgo(365) }),
  q("more filters", "published last 90 days · page 20", { dateField: "published", from: daysAgo(90), page: 20 }),
  q("more filters", "one tag", { tags: ["SEO"] }),
  q("more filters", "two tags", { tags: ["SEO", "Café"] }),
  q("more filters", "tag · type · draft", { tags: ["Instagram"], type: "social", status: "draft" }),
  q("more filters", "search + type + tag", { q: "guide", type: "blog", tags: ["SEO"] }),
  q("body search", "rare phrase", { q: "quarterly roadmap" }),
  q("body search", "rare word, accents folded", { q: "naive cafe" }),
  q("body search", "common word", { q: "audience" }),
  q("body search", "common word · page 50", { q: "readers", page: 50 }),
  q("body search", "common word · draft · most viewed", { q: "launch", status: "draft", sort: "views" }),
  q("body search", "no such word", { q: "xylophone" }),
];

const CASES: Case[] = [
  q("browse", "newest, page 1", {}),
  q("browse", "newest, page 2", { page: 2 }),
  ...CONTENT_STATUSES.map((status) => q("status filter", status, { status })),
  q("most viewed", "all", { sort: "views" }),
  q("most viewed", "published", { sort: "views", status: "published" }),
  q("most viewed", "draft (all zero)", { sort: "views", status: "draft" }),
  q("deep page", "newest, page 2000", { page: 2000 }),
  q("deep page", "most viewed, page 4000", { sort: "views", page: 4000 }),
  q("deep page", "review, page 1000 (clamped)", { status: "review", page: 1000 }),
  q("deep page", "past the end", { page: 99_999 }),
  ...["seo", "marketing", "instagram", "Brand Voice", "ÜBER", "q3 highlights", "100%", "Analyst's", "straße", "ing", "no such thing"].map(
    (term) => q("search 3+ chars", term, { q: term }),
  ),
  q("search + filter", "seo · published · most viewed", { q: "seo", status: "published", sort: "views" }),
  q("search + filter", "content · draft · page 20", { q: "content", status: "draft", page: 20 }),
  q("search + filter", "instagram · most viewed · page 50", { q: "instagram", sort: "views", page: 50 }),
  ...["ai", "UX", "q3", "ü", "%", "e", "x"].map((term) => q("search 1–2 chars", term, { q: term })),
  q("search 1–2 chars", "e · most viewed · page 100", { q: "e", sort: "views", page: 100 }),
  q("search 1–2 chars", "ai · review", { q: "ai", status: "review" }),
  ...FILTER_CASES,
];

const fmt = (ms: number) => ms.toFixed(2).padStart(7);

function summary(name: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  return `${name.padEnd(18)} n=${String(sorted.length).padStart(4)}  p50 ${fmt(percentile(sorted, 50))} ms  p95 ${fmt(p95)} ms  max ${fmt(sorted.at(-1)!)} ms  p95/budget ${(p95 / BUDGET_MS).toFixed(2)}`;
}

/** Every query, warm, through the loader's model function on the database DATABASE_URL names. */
async function timeQueries() {
  const { listLibraryPage } = await import("../app/models/content.server");
  // A server answers warm: one untimed pass over every query first.
  for (const c of CASES) await listLibraryPage(c.query);
  const byKind = new Map<string, number[]>();
  console.log(`\nPer query (${RUNS} runs after ${WARMUP} warm-up), server time of listLibraryPage:`);
  for (const c of CASES) {
    let shown = 0;
    let total = 0;
    for (let i = 0; i < WARMUP; i++) await listLibraryPage(c.query);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const result = await listLibraryPage(c.query);
      times.push(performance.now() - started);
      shown = result.items.length;
      total = result.window.total;
    }
    byKind.set(c.kind, [...(byKind.get(c.kind) ?? []), ...times]);
    console.log(
      `  ${c.kind.padEnd(17)} ${c.label.padEnd(34)} ${String(total).padStart(6)} hits ${String(shown).padStart(2)} shown ${summary("", times).trim()}`,
    );
  }
  console.log(
    `\nBy kind (budget p95 ≤ ${BUDGET_MS} ms; load average at the end ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} on ${os.cpus().length} cores):`,
  );
  for (const [kind, times] of byKind) console.log(`  ${summary(kind, times)}`);
  console.log(`  ${summary("overall", [...byKind.values()].flat())}`);
}

/**
 * Counts per filter value, uncached: what the first visit to a filter set pays (SQLite caches them per
 * filter set, so later pages and sorts reuse them; PostgreSQL reads them on every visit).
 */
async function timeFacets(count: (query: { q: string; sort: LibrarySort; filters: ListingFilters }) => Promise<unknown>) {
  const facetTimes: number[] = [];
  console.log(`\nCounts per filter value (More Filters), uncached, ${RUNS} runs each:`);
  for (const c of [CASES[0], ...CASES.filter((x) => x.query.status === "draft").slice(0, 1), ...FILTER_CASES]) {
    const { q, sort, page: _p, pageSize: _s, facets: _f, ...filters } = c.query;
    await count({ q, sort, filters });
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await count({ q, sort, filters });
      times.push(performance.now() - started);
    }
    facetTimes.push(...times);
    console.log(`  ${c.kind.padEnd(17)} ${c.label.padEnd(34)} ${summary("", times).trim()}`);
  }
  console.log(`  ${summary("facets (cold)", facetTimes)}`);
}

/** A database an earlier run built (BENCH_REUSE=1): brought to the latest migration and vacuumed, then timed. */
async function reusePostgresDatabase(url: string) {
  const { migratePostgres } = await import("../server/migrate-postgres");
  const { default: pg } = await import("pg");
  await migratePostgres(url, undefined, () => {});
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("VACUUM ANALYZE").finally(() => client.end());
}

async function benchPostgres(url: string) {
  const name = new URL(url).pathname.slice(1);
  if (process.env.BENCH_REUSE === "1") {
    console.log(`Timing ${name} (built earlier)`);
    await reusePostgresDatabase(url);
  } else {
    console.log(`Building ${ITEMS.toLocaleString("en")} items in PostgreSQL (${name}) …`);
    const built = await createPostgresDatabase(url);
    console.log(`Inserted ${JSON.stringify(built.counts)} in ${built.seconds.toFixed(1)} s (triggers keep the search index in step)`);
  }
  const { prisma } = await import("../app/db/db.server");
  await timeQueries();
  const { facetCounts } = await import("../app/db/postgres/listings.server");
  await timeFacets(({ q: term, filters }) => facetCounts(normalizeSearch(term), filters));
  await prisma.$disconnect();
}

async function main() {
  // DATABASE_URL=postgresql://… (an empty database; BENCH_REUSE=1: one an earlier run built) times PostgreSQL instead (decision 048).
  const postgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "") ? process.env.DATABASE_URL! : null;
  if (postgres) return benchPostgres(postgres);
  // BENCH_DB=<file> times a database kept by an earlier run (KEEP_DB=1) instead of building one (2–3 minutes).
  const reuse = process.env.BENCH_DB;
  const dir = reuse ? path.dirname(reuse) : fs.mkdtempSync(path.join(os.tmpdir(), "library-bench-"));
  const file = reuse ?? path.join(dir, "bench.db");
  if (reuse) console.log(`Timing ${file} (built earlier)`);
  else {
    console.log(`Building ${ITEMS.toLocaleString("en")} items in ${file} …`);
    const built = createDatabase(file);
    console.log(`Inserted ${JSON.stringify(built.counts)} in ${built.seconds.toFixed(1)} s (triggers keep the search index in step)`);
  }

  process.env.DATABASE_URL = `file:${file}`;
  const { prisma } = await import("../app/db/db.server");
  await timeQueries();

  const { facetCounts, prepareSearch } = await import("../app/db/sqlite/library-search.server");
  await timeFacets(async ({ q: term, sort, filters }) => facetCounts(await prepareSearch({ term, filters, sort })));

  await prisma.$disconnect();
  if (process.env.KEEP_DB || reuse) console.log(`\nKept ${file}`);
  else fs.rmSync(dir, { recursive: true, force: true });
}

await main();
