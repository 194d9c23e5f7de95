import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { databaseDigest } from "./db-snapshot";
import { SAMPLE, freshSeed } from "./route-helpers";

// The "stored nothing" digest of the fuzz, IDOR and route tests: a signed-in request touches the
// member's presence once a minute, which is not a change a refused request made.

beforeAll(async () => {
  await freshSeed();
});

describe("databaseDigest", () => {
  it("ignores the presence touch (lastSeenAt, with Prisma's updatedAt and the content version)", async () => {
    const before = databaseDigest();
    await prisma.user.update({ where: { id: SAMPLE.Writer }, data: { lastSeenAt: new Date(Date.now() + 60_000) } });
    expect(databaseDigest()).toEqual(before);
  });

  it("sees any other change to a member", async () => {
    const before = databaseDigest();
    await prisma.user.update({ where: { id: SAMPLE.Writer }, data: { title: "Staff writer (edited)" } });
    expect(databaseDigest().User).not.toBe(before.User);
  });

  it("is read again after any write, from any connection, and after a restore (it is cached between writes)", async () => {
    const before = databaseDigest();
    expect(databaseDigest()).toEqual(before);
    const raw = new Database((process.env.DATABASE_URL ?? "").replace(/^file:/, ""));
    raw.prepare(`UPDATE "ContentItem" SET "title" = "title" || '!' WHERE "id" = (SELECT min("id") FROM "ContentItem")`).run();
    raw.close();
    const written = databaseDigest();
    expect(written.ContentItem).not.toBe(before.ContentItem);
    await freshSeed();
    expect(databaseDigest().ContentItem).not.toBe(written.ContentItem);
  });
});
