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
});
