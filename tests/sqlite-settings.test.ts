import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BUSY_TIMEOUT_MS, createPrismaClient, prisma } from "~/db/db.server";
import { onPostgresRun } from "./engine";

// PRAGMA values come back as BigInt through the adapter.
async function pragma(client: typeof prisma, name: string) {
  const rows = await client.$queryRawUnsafe<Record<string, unknown>[]>(`PRAGMA ${name}`);
  return String(Object.values(rows[0])[0]);
}

describe.skipIf(onPostgresRun)("SQLite connection settings", () => {
  it("the app's connection runs in WAL mode with a busy timeout, FULL sync and foreign keys", async () => {
    expect(await pragma(prisma, "journal_mode")).toBe("wal");
    expect(await pragma(prisma, "busy_timeout")).toBe(String(BUSY_TIMEOUT_MS));
    expect(await pragma(prisma, "synchronous")).toBe("2"); // 2 = FULL
    expect(await pragma(prisma, "foreign_keys")).toBe("1");
  });

  it("a brand-new database file is switched to WAL on first connection", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "wal-")), "fresh.db");
    const fresh = createPrismaClient(`file:${file}`);
    try {
      expect(await pragma(fresh, "journal_mode")).toBe("wal");
    } finally {
      await fresh.$disconnect();
    }
  });

  it("a second client on the same file gets the same settings without anyone asking", async () => {
    const other = createPrismaClient();
    try {
      expect(await pragma(other, "synchronous")).toBe("2");
      expect(await pragma(other, "busy_timeout")).toBe(String(BUSY_TIMEOUT_MS));
    } finally {
      await other.$disconnect();
    }
  });
});
