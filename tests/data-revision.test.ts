// The page cache's two versions (decision 026): tracker ingestion moves only the traffic version;
// every other write, from this process or another connection, moves the content version; a render
// is marked as showing traffic figures only when it read them.
import Database from "better-sqlite3";
import pg from "pg";
import { beforeEach, describe, expect, it } from "vitest";
import { databaseUrl, prisma } from "~/db/db.server";
import { commitEvent, trafficVersion } from "~/models/event-commit.server";
import { IdleWait } from "~/jobs/idle-wait.server";
import { dashboardCounts } from "~/models/dashboard.server";
import { contentVersion, tablesWithoutRevisionTriggers } from "~/models/data-revision.server";
import { getTrackerOptions } from "~/models/tracked-site.server";
import { observePageReads } from "~/db/page-reads.server";
import { freshSeed } from "./route-helpers";
import { TEMPLATE_DB } from "./global-setup";
import { TEST_ENGINE } from "./engine";
import { VIEWED_ITEM as ITEM, pageView as view } from "./tracker-events";

beforeEach(async () => {
  await freshSeed();
});

describe("the content version", () => {
  it("every table but the tracker's carries the triggers that move it", () => {
    const db = new Database(TEMPLATE_DB, { readonly: true });
    try {
      expect(tablesWithoutRevisionTriggers(db)).toEqual([]);
      db.close();
      // A table made without them is noticed.
      const copy = new Database(":memory:");
      copy.exec(`CREATE TABLE "DataRevision" ("id" INTEGER PRIMARY KEY, "n" INTEGER); CREATE TABLE "NewThing" ("id" TEXT)`);
      expect(tablesWithoutRevisionTriggers(copy)).toEqual(["NewThing"]);
      copy.close();
    } finally {
      if (db.open) db.close();
    }
  });

  it("does not move when the tracker commits views and time, while the traffic version does", async () => {
    const content = await contentVersion();
    const traffic = trafficVersion();
    await commitEvent(view("rev-pv-1"));
    await Promise.all([
      commitEvent(view("rev-pv-2")),
      commitEvent({ kind: "engage", at: new Date(), pageviewId: "rev-pv-1", seconds: 30 }),
    ]);
    expect(await prisma.trackEvent.count({ where: { pageviewId: { in: ["rev-pv-1", "rev-pv-2"] } } })).toBe(3);
    expect(await contentVersion()).toBe(content);
    expect(trafficVersion()).toBeGreaterThan(traffic);
  });

  it("wakes idle job loops after a change, not after the tracker's commits", async () => {
    const idle = new IdleWait({ minMs: 5, maxMs: 5 });
    await idle.mark();
    await commitEvent(view("rev-pv-idle"));
    expect(await idle.changed()).toBe(false);
    await prisma.contentItem.update({ where: { id: ITEM }, data: { title: "Woke the loops" } });
    expect(await idle.changed()).toBe(true);
  });

  it("moves after a write through Prisma and after a write by another connection", async () => {
    const start = await contentVersion();
    await prisma.contentItem.update({ where: { id: ITEM }, data: { title: "Renamed for the cache" } });
    const afterPrisma = await contentVersion();
    expect(afterPrisma).toBeGreaterThan(start);
    await writeFromAnotherConnection(
      `INSERT INTO "TrackedSite" ("id", "origin", "createdById", "createdAt") VALUES ('rev-site', 'https://rev.example', 'x', '${new Date().toISOString()}')`,
    );
    expect(await contentVersion()).toBeGreaterThan(afterPrisma);
  });
});

/** Runs `sql` on a connection of its own, not the app's. */
async function writeFromAnotherConnection(sql: string) {
  if (TEST_ENGINE === "postgresql") {
    const other = new pg.Client({ connectionString: databaseUrl() });
    await other.connect();
    await other.query(sql).finally(() => other.end());
    return;
  }
  const other = new Database(databaseUrl().replace(/^file:/, ""));
  other.prepare(sql).run();
  other.close();
}

describe("what a render read", () => {
  it("a page that reads the tracker's figures is marked, one that does not is not", async () => {
    let done!: () => void;
    const finished = new Promise<void>((resolve) => (done = resolve));
    const dashboard = observePageReads(() => void dashboardCounts().then(() => done()));
    await finished;
    expect(dashboard().traffic).toBe(true);

    let settingsDone!: () => void;
    const settingsFinished = new Promise<void>((resolve) => (settingsDone = resolve));
    const settings = observePageReads(() => void getTrackerOptions().then(() => settingsDone()));
    await settingsFinished;
    expect(settings().traffic).toBe(false);
  });
});
