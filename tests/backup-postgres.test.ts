// npm run db:backup / db:restore on PostgreSQL (issue 38): pg_dump's custom format, restored into an
// empty database with every row and byte; a target that holds tables is refused and left as it was.
// Skipped, saying why, without a reachable PostgreSQL.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "~/db/db.server";
import { backupPostgres, libpqUrl, restorePostgres } from "../scripts/backup-postgres";
import { freshPostgresDatabase, postgresUnavailable } from "./postgres";

const unavailable = await postgresUnavailable();
const STATE = new Uint8Array([1, 2, 3, 250, 0, 7]);

describe("libpqUrl", () => {
  it("drops the settings only Prisma reads and keeps libpq's own", () => {
    expect(libpqUrl("postgresql://u@db:5432/studio?schema=public&connection_limit=5&sslmode=require")).toBe(
      "postgresql://u@db:5432/studio?sslmode=require",
    );
  });
});

describe.skipIf(unavailable !== null)(`db:backup and db:restore on PostgreSQL${unavailable ? ` (skipped: ${unavailable})` : ""}`, () => {
  const databases: { url: string; drop: () => Promise<void> }[] = [];
  const clients: PrismaClient[] = [];
  let dir: string;
  let file: string;
  let live: PrismaClient;

  const open = (url: string) => {
    const client = createPrismaClient(url);
    clients.push(client);
    return client;
  };
  const fresh = async (migrated: boolean) => {
    const database = await freshPostgresDatabase({ migrated });
    databases.push(database);
    return database.url;
  };

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "studio-pg-backup-"));
    file = path.join(dir, "nested", "studio.pgdump");
    live = open(await fresh(true));
    await live.user.create({ data: { id: "u-1", name: "Ada", email: "ada@studio.test", title: "Editor" } });
    await live.contentItem.create({ data: { id: "c-1", title: "Kept whole", body: "Every word — café.", type: "blog", authorId: "u-1" } });
    await live.contentDoc.create({ data: { contentId: "c-1", state: STATE, version: 3 } });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.$disconnect()));
    await Promise.all(databases.map((d) => d.drop()));
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it("backs up into a file pg_restore can read, and restores every row into an empty database", async () => {
    const { bytes } = await backupPostgres(databases[0].url, file);
    expect(bytes).toBeGreaterThan(0);
    await expect(fs.stat(`${file}.partial`)).rejects.toThrow();
    const restored = open(await fresh(false));
    await restorePostgres(file, databases.at(-1)!.url);
    expect(await restored.contentItem.findUniqueOrThrow({ where: { id: "c-1" }, select: { title: true, body: true } })).toEqual({
      title: "Kept whole",
      body: "Every word — café.",
    });
    const doc = await restored.contentDoc.findUniqueOrThrow({ where: { contentId: "c-1" } });
    expect([...doc.state]).toEqual([...STATE]);
    // The triggers came back with the tables: the listing follows a new item.
    await restored.contentItem.create({ data: { id: "c-2", title: "After", type: "blog", authorId: "u-1" } });
    expect(await restored.contentListing.count()).toBe(2);
  });

  it("refuses a database that holds tables, and changes nothing there", async () => {
    const target = await fresh(true);
    const occupied = open(target);
    await occupied.user.create({ data: { id: "u-9", name: "Ben", email: "ben@studio.test", title: "Writer" } });
    await expect(restorePostgres(file, target)).rejects.toThrow(/already holds \d+ tables.*Nothing was restored/);
    expect(await occupied.user.findMany({ select: { id: true } })).toEqual([{ id: "u-9" }]);
    expect(await occupied.contentItem.count()).toBe(0);
  });

  it("says which tool is missing instead of failing without a word", async () => {
    const pathBefore = process.env.PATH;
    process.env.PATH = dir;
    try {
      await expect(backupPostgres(databases[0].url, path.join(dir, "x.pgdump"))).rejects.toThrow(/pg_dump was not found/);
    } finally {
      process.env.PATH = pathBefore;
    }
  });
});
