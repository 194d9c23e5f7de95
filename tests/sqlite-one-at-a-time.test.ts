// On SQLite, a statement from another request never runs inside an open interactive transaction: it
// waits its turn, so a rollback cannot undo it and it never reads rows not yet committed
// (app/db/sqlite-one-at-a-time.server.ts). Its own SQLite file, whichever engine the suite runs on.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "~/db/db.server";

describe("SQLite's one connection", () => {
  const file = path.join(os.tmpdir(), `one-at-a-time-${process.pid}-${Date.now()}.db`);
  let client: PrismaClient;
  const ids = async () => (await client.$queryRawUnsafe<{ id: string }[]>(`SELECT "id" FROM "Probe" ORDER BY "id"`)).map((r) => r.id);

  beforeAll(async () => {
    client = createPrismaClient(`file:${file}`);
    await client.$executeRawUnsafe(`CREATE TABLE "Probe" ("id" TEXT PRIMARY KEY)`);
  });
  afterAll(async () => {
    await client.$disconnect();
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${file}${suffix}`, { force: true });
  });

  it("keeps a write made while another request's transaction was open, when that transaction rolls back", async () => {
    let outsideDone: Promise<unknown> = Promise.resolve();
    let seenOutside: string[] = [];
    const failing = client.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`INSERT INTO "Probe" ("id") VALUES ('inside')`);
      // Another request writes and reads while this transaction is open.
      outsideDone = (async () => {
        await client.$executeRawUnsafe(`INSERT INTO "Probe" ("id") VALUES ('outside')`);
        seenOutside = await ids();
      })();
      await new Promise((r) => setTimeout(r, 50));
      throw new Error("the transaction fails");
    });
    await expect(failing).rejects.toThrow("the transaction fails");
    await outsideDone;
    expect(seenOutside).toEqual(["outside"]);
    expect(await ids()).toEqual(["outside"]);
  });
});
