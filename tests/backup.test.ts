import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPrismaClient, prisma } from "~/db/db.server";
import { backupDatabase, databaseFile, restoreDatabase } from "../scripts/backup-lib";
import { freshSeed } from "./route-helpers";
import { onPostgresRun } from "./engine";

type Client = ReturnType<typeof createPrismaClient>;

/** Every table's rows, in a stable order: two databases that match give equal snapshots. */
function snapshot(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .pluck()
      .all() as string[];
    return Object.fromEntries(tables.map((name) => [name, db.prepare(`SELECT * FROM "${name}" ORDER BY 1`).all()]));
  } finally {
    db.close();
  }
}

let dir: string;
const opened: Client[] = [];
const open = (file: string) => {
  const client = createPrismaClient(`file:${file}`);
  opened.push(client);
  return client;
};

beforeEach(async () => {
  await freshSeed();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-"));
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.$disconnect()));
});

describe.skipIf(onPostgresRun)("online backup and restore", () => {
  it("a backup taken while the app's connection is open opens and matches the live database", async () => {
    const copy = path.join(dir, "copy.db");
    await backupDatabase(databaseFile(), copy);
    const live = snapshot(databaseFile());
    expect(Object.keys(live).length).toBeGreaterThan(5);
    expect(live.ContentItem.length).toBeGreaterThan(0);
    expect(snapshot(copy)).toEqual(live);
    // The app opens it too.
    expect(await open(copy).contentItem.count()).toBe(await prisma.contentItem.count());
  });

  it("restoring puts the backed-up rows back over later changes", async () => {
    const copy = path.join(dir, "copy.db");
    await backupDatabase(databaseFile(), copy);
    const before = snapshot(databaseFile());

    const target = path.join(dir, "target.db");
    fs.copyFileSync(copy, target);
    const changed = open(target);
    await changed.contentItem.deleteMany({});
    expect(await changed.contentItem.count()).toBe(0);

    await restoreDatabase(copy, target);
    expect(snapshot(target)).toEqual(before);
    expect(await changed.contentItem.count()).toBe(before.ContentItem.length);
  });

  it("refuses to restore a file that is not a healthy database", async () => {
    const junk = path.join(dir, "junk.db");
    fs.writeFileSync(junk, "not a database");
    await expect(restoreDatabase(junk, path.join(dir, "target.db"))).rejects.toThrow();
    expect(fs.existsSync(path.join(dir, "target.db"))).toBe(false);
  });
});
