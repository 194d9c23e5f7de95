// The one job claim (app/db/job-lease.server.ts, decision 069) on both engines: two claimers at once
// take disjoint rows, a lease that ran out is taken over, and the first holder's finishing write is
// refused once another holds the row.
import { Prisma } from "@prisma/client";
import { beforeEach, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { claimDue, LEASED, releaseLease } from "~/db/job-lease.server";
import { SAMPLE, freshSeed } from "./route-helpers";

const NOW = new Date();
const later = (ms: number) => new Date(NOW.getTime() + ms);
let ids: string[];

beforeEach(async () => {
  await freshSeed(NOW);
  await prisma.publishSchedule.deleteMany();
  const items = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      prisma.contentItem.create({ data: { title: `Due ${i}`, type: "blog", status: "review", body: "Text.", authorId: SAMPLE.Writer } }),
    ),
  );
  ids = items.map((item) => item.id);
  for (const [i, contentId] of ids.entries())
    await prisma.publishSchedule.create({
      data: { contentId, publishAt: later(-60_000 + i), slot: "Mon 09:00", scheduledById: SAMPLE.Editor },
    });
});

const claim = (owner: string, now: Date, limit = 4) =>
  claimDue(LEASED.publishSchedule, {
    due: (at) => Prisma.sql`"publishAt" <= ${at}`,
    orderBy: Prisma.sql`"publishAt"`,
    limit,
    now,
    until: new Date(now.getTime() + 30_000),
    owner,
  });

it("gives two claimers at once disjoint rows, oldest first, and every due row to one of them", async () => {
  const [a, b] = await Promise.all([claim("a", NOW), claim("b", NOW)]);
  expect(a.filter((id) => b.includes(id))).toEqual([]);
  expect([...a, ...b].sort()).toEqual([...ids].sort());
  expect([a.length, b.length].sort()).toEqual([2, 4]);
  const rows = await prisma.publishSchedule.findMany();
  for (const row of rows) expect(row.leaseOwner).toBe(a.includes(row.contentId) ? "a" : "b");
  // Held rows are nobody else's until their lease runs out.
  expect(await claim("c", later(29_000))).toEqual([]);
});

it("takes over a lease that ran out, and refuses the old holder's finishing write", async () => {
  const first = await claim("a", NOW, 1);
  expect(first).toEqual([ids[0]]);
  const taken = await claim("b", later(30_000), 1);
  expect(taken).toEqual([ids[0]]);
  expect(await releaseLease(LEASED.publishSchedule, ids[0], "a")).toBe(false);
  expect(await prisma.publishSchedule.findUniqueOrThrow({ where: { contentId: ids[0] } })).toMatchObject({ leaseOwner: "b" });
  expect(await releaseLease(LEASED.publishSchedule, ids[0], "b")).toBe(true);
  expect(await prisma.publishSchedule.findUniqueOrThrow({ where: { contentId: ids[0] } })).toMatchObject({
    leaseOwner: null,
    leaseUntil: null,
  });
});

it("leaves rows that are not due", async () => {
  expect(await claim("a", later(-120_000))).toEqual([]);
});
