// The audit log's hash chain (issue 52, decision 075): the walk behind `npm run audit:verify` passes on
// an untouched log and names the first entry changed, removed or inserted by someone who dropped the
// append-only guards (here, in this file's own database); concurrent appends keep one valid chain;
// the retention's cut and the backfill of rows written before the chain keep it valid.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { databaseEngine } from "~/db/engine.server";
import { acrossWorkspaces } from "~/db/workspace-scope.server";
import { entryHash, GENESIS_HASH } from "~/domain/audit-chain";
import { chainHead, chainUnchainedEntries, verifyAuditChain } from "~/models/audit-chain.server";
import { pruneAuditLog, recordAudit } from "~/models/audit.server";
import { freshSeed } from "./route-helpers";

beforeEach(() => freshSeed());

const DAY = 86_400_000;

async function append(title: string, at = new Date()) {
  await recordAudit(
    {
      actor: { kind: "system", id: null, name: "System" },
      action: "settings.changed",
      object: { type: "settings", id: "t", title },
      after: { b: 2, a: [1, { d: 4, c: 3 }] },
    },
    undefined,
    at,
  );
}

const entry = (seq: number) => prisma.auditEntry.findFirstOrThrow({ where: { seq } });

/** Runs `tamper` with the append-only guards off, as a database owner could (across workspaces, with its rights), and puts them back. */
function withoutGuards(tamper: () => Promise<unknown>) {
  return acrossWorkspaces(() => tamperUnguarded(tamper));
}

async function tamperUnguarded(tamper: () => Promise<unknown>) {
  if (databaseEngine() === "postgresql") {
    const guards = ["AuditEntry_no_update", "AuditEntry_no_delete"];
    for (const g of guards) await prisma.$executeRawUnsafe(`ALTER TABLE "AuditEntry" DISABLE TRIGGER "${g}"`);
    try {
      await tamper();
    } finally {
      for (const g of guards) await prisma.$executeRawUnsafe(`ALTER TABLE "AuditEntry" ENABLE TRIGGER "${g}"`);
    }
    return;
  }
  const guards = await prisma.$queryRawUnsafe<{ name: string; sql: string }[]>(
    `SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'AuditEntry' AND name LIKE 'AuditEntry_no_%'`,
  );
  expect(guards).toHaveLength(2);
  for (const { name } of guards) await prisma.$executeRawUnsafe(`DROP TRIGGER "${name}"`);
  try {
    await tamper();
  } finally {
    for (const { sql } of guards) await prisma.$executeRawUnsafe(sql);
  }
}

async function fourEntries() {
  for (const title of ["one", "two", "three", "four"]) await append(title);
}

describe("the walk behind audit:verify", () => {
  it("passes on an untouched log and reports its head and count", async () => {
    await fourEntries();
    const head = await chainHead();
    expect(head).toMatchObject({ seq: 4, count: 4 });
    expect(head.hash).toBe((await entry(4)).hash);
    expect(head.at).toBeInstanceOf(Date);
    expect(await verifyAuditChain()).toEqual({ ok: true, head: { seq: 4, hash: head.hash }, count: 4 });
    // Each entry names its predecessor's hash; the first, the genesis.
    expect((await entry(1)).prevHash).toBe(GENESIS_HASH);
    expect((await entry(3)).prevHash).toBe((await entry(2)).hash);
  });

  it("names an entry whose fields were updated", async () => {
    await fourEntries();
    const two = await entry(2);
    await withoutGuards(() => prisma.auditEntry.update({ where: { id: two.id }, data: { actorName: "Someone else" } }));
    expect(await verifyAuditChain()).toMatchObject({ ok: false, problem: { kind: "changed", seq: 2, id: two.id } });
  });

  it("names an updated entry even when its own hash was recomputed to match", async () => {
    await fourEntries();
    const two = await entry(2);
    const forged = { ...two, seq: 2, prevHash: two.prevHash!, objectTitle: "forged" };
    await withoutGuards(() =>
      prisma.auditEntry.update({ where: { id: two.id }, data: { objectTitle: "forged", hash: entryHash(forged) } }),
    );
    expect(await verifyAuditChain()).toMatchObject({ ok: false, problem: { kind: "changed", seq: 2, id: two.id } });
  });

  it("names a JSON field rewritten, but not the same JSON with its keys in another order", async () => {
    await fourEntries();
    const three = await entry(3);
    await withoutGuards(() => prisma.auditEntry.update({ where: { id: three.id }, data: { after: `{"a":[1,{"c":3,"d":4}],"b":2}` } }));
    expect(await verifyAuditChain()).toMatchObject({ ok: true });
    await withoutGuards(() => prisma.auditEntry.update({ where: { id: three.id }, data: { after: `{"a":[1,{"c":3,"d":5}],"b":2}` } }));
    expect(await verifyAuditChain()).toMatchObject({ ok: false, problem: { kind: "changed", seq: 3 } });
  });

  it("names a deleted entry, in the middle and at the end", async () => {
    await fourEntries();
    await withoutGuards(() => prisma.auditEntry.deleteMany({ where: { seq: 2 } }));
    expect(await verifyAuditChain()).toMatchObject({ ok: false, problem: { kind: "removed", seq: 2 } });
    await freshSeed();
    await fourEntries();
    await withoutGuards(() => prisma.auditEntry.deleteMany({ where: { seq: 4 } }));
    expect(await verifyAuditChain()).toMatchObject({ ok: false, problem: { kind: "removed", seq: 4 } });
  });

  it("names an inserted entry: around the chain, inside it, and after the head", async () => {
    await fourEntries();
    const three = await entry(3);
    const row = { ...three, id: "inserted", objectTitle: "never happened" };
    await prisma.auditEntry.create({ data: { ...row, seq: null, prevHash: null, hash: null } });
    expect(await verifyAuditChain()).toMatchObject({ ok: false, problem: { kind: "inserted", id: "inserted" } });

    // Inside: entries from #3 on moved up one to make room, the new one hashed after #2.
    await freshSeed();
    await fourEntries();
    const two = await entry(2);
    await withoutGuards(async () => {
      for (const seq of [4, 3]) await prisma.auditEntry.updateMany({ where: { seq }, data: { seq: seq + 1 } });
      const fields = { ...two, id: "inserted", seq: 3, prevHash: two.hash!, objectTitle: "never happened" };
      await prisma.auditEntry.create({ data: { ...fields, hash: entryHash(fields) } });
    });
    expect(await verifyAuditChain()).toMatchObject({ ok: false, problem: { kind: "changed", seq: 3, id: "inserted" } });

    // After the head: a perfect-looking fifth entry that never went through the head.
    await freshSeed();
    await fourEntries();
    const four = await entry(4);
    const fifth = { ...four, id: "inserted", seq: 5, prevHash: four.hash!, objectTitle: "never happened" };
    await prisma.auditEntry.create({ data: { ...fifth, hash: entryHash(fifth) } });
    expect(await verifyAuditChain()).toMatchObject({ ok: false, problem: { kind: "inserted", seq: 5, id: "inserted" } });
  });

  it("refuses, with the guards on, to change a chained entry's chain columns", async () => {
    await fourEntries();
    await expect(prisma.$executeRawUnsafe(`UPDATE "AuditEntry" SET "hash" = 'x' WHERE "seq" = 1`)).rejects.toThrow(/append-only/);
    await expect(prisma.$executeRawUnsafe(`UPDATE "AuditEntry" SET "seq" = 9 WHERE "seq" = 1`)).rejects.toThrow(/append-only/);
  });

  it("is what npm run audit:verify runs: exit 0 with the head, exit 1 naming the entry", async () => {
    await fourEntries();
    const run = (...args: string[]) =>
      promisify(execFile)("npx", ["tsx", "scripts/audit-verify.ts", ...args], { env: process.env }).then(
        (r) => ({ code: 0, out: r.stdout + r.stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
      );
    const head = await chainHead();
    const intact = await run("--head", `2:${(await entry(2)).hash}`);
    expect(intact).toEqual({ code: 0, out: expect.stringContaining(`4 entries, head #4 ${head.hash} written ${head.at!.toISOString()}`) });
    await withoutGuards(() => prisma.auditEntry.deleteMany({ where: { seq: 3 } }));
    const broken = await run();
    expect(broken.code).toBe(1);
    expect(broken.out).toMatch(/entry #3 was removed/);
  }, 30_000);
});

describe("appends", () => {
  it("keep one valid chain when many are made at once", async () => {
    await Promise.all(Array.from({ length: 24 }, (_, i) => append(`at once ${i}`)));
    const seqs = (await prisma.auditEntry.findMany({ select: { seq: true }, orderBy: { seq: "asc" } })).map((r) => r.seq);
    expect(seqs).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(await verifyAuditChain()).toMatchObject({ ok: true, count: 24 });
  });

  it("keep one valid chain when made inside the callers' own transactions at once", async () => {
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        prisma.$transaction((tx) =>
          recordAudit(
            {
              actor: { kind: "system", id: null, name: "System" },
              action: "settings.changed",
              object: { type: "settings", title: `tx ${i}` },
            },
            tx,
          ),
        ),
      ),
    );
    expect(await verifyAuditChain()).toMatchObject({ ok: true, count: 12 });
  });
});

describe("the chain over time", () => {
  it("stays valid after the retention cuts its start, from the new base", async () => {
    await append("old one", new Date(Date.now() - 400 * DAY));
    await append("old two", new Date(Date.now() - 380 * DAY));
    await append("young", new Date(Date.now() - 10 * DAY));
    const two = await entry(2);
    expect(await pruneAuditLog(new Date())).toBe(2);
    expect(await prisma.auditChainHead.findUniqueOrThrow({ where: { scope: "instance" } })).toMatchObject({
      baseSeq: 2,
      baseHash: two.hash,
      seq: 3,
    });
    expect(await verifyAuditChain()).toMatchObject({ ok: true, count: 1 });
    expect(await chainHead()).toMatchObject({ seq: 3, count: 1 });
    // Cutting more than the retention did shows.
    await withoutGuards(() => prisma.auditEntry.deleteMany({ where: { seq: 3 } }));
    expect(await verifyAuditChain()).toMatchObject({ ok: false, problem: { kind: "removed", seq: 3 } });
  });

  it("chains rows written before the chain once, in time order, after the head (the migration plan's backfill)", async () => {
    await append("chained first");
    const base = { actorKind: "system", actorName: "System", action: "settings.changed", objectType: "settings" };
    await prisma.auditEntry.create({ data: { ...base, id: "legacy-b", at: new Date(Date.now() - 2 * DAY) } });
    await prisma.auditEntry.create({ data: { ...base, id: "legacy-a", at: new Date(Date.now() - 3 * DAY) } });
    expect(await verifyAuditChain()).toMatchObject({ ok: false, problem: { kind: "inserted", id: "legacy-a" } });
    expect(await chainUnchainedEntries()).toBe(2);
    expect(await chainUnchainedEntries()).toBe(0);
    expect((await prisma.auditEntry.findMany({ orderBy: { seq: "asc" }, select: { id: true } })).map((r) => r.id).slice(1)).toEqual([
      "legacy-a",
      "legacy-b",
    ]);
    expect(await verifyAuditChain()).toMatchObject({ ok: true, count: 3 });
  });
});
