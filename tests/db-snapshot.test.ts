import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { databaseDigest } from "./db-snapshot";
import { TEST_ENGINE } from "./engine";
import { SAMPLE, freshSeed } from "./route-helpers";

// The "stored nothing" digest of the fuzz, IDOR and route tests: a signed-in request touches the
// member's presence once a minute, which is not a change a refused request made.

beforeAll(async () => {
  await freshSeed();
});

describe("databaseDigest", () => {
  it("ignores the presence touch (lastSeenAt, with Prisma's updatedAt and the content version)", async () => {
    const before = await databaseDigest();
    await prisma.user.update({ where: { id: SAMPLE.Writer }, data: { lastSeenAt: new Date(Date.now() + 60_000) } });
    expect(await databaseDigest()).toEqual(before);
  });

  it("sees any other change to a member", async () => {
    const before = await databaseDigest();
    await prisma.user.update({ where: { id: SAMPLE.Writer }, data: { title: "Staff writer (edited)" } });
    expect((await databaseDigest()).User).not.toBe(before.User);
  });

  it("is read again after any write, from any connection, and after a restore (it is cached between writes)", async () => {
    const before = await databaseDigest();
    expect(await databaseDigest()).toEqual(before);
    const edit = `UPDATE "ContentItem" SET "title" = "title" || '!' WHERE "id" = (SELECT min("id") FROM "ContentItem")`;
    if (TEST_ENGINE === "postgresql") await prisma.$executeRawUnsafe(edit);
    else {
      const raw = new Database((process.env.DATABASE_URL ?? "").replace(/^file:/, ""));
      raw.prepare(edit).run();
      raw.close();
    }
    const written = await databaseDigest();
    expect(written.ContentItem).not.toBe(before.ContentItem);
    await freshSeed();
    expect((await databaseDigest()).ContentItem).not.toBe(written.ContentItem);
  });
});
