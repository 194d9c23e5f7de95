// freshSeed() puts the kept seed back over whatever the last test wrote, on either engine (on
// PostgreSQL only the tables written since are copied back: tests/postgres-seed-snapshot.ts).
import { expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { databaseDigest } from "./db-snapshot";
import { freshSeed } from "./route-helpers";

it("undoes updates, deletes and inserts in several tables, rollups included", async () => {
  const seededAt = await freshSeed();
  const seed = await databaseDigest();
  const item = await prisma.contentItem.findFirstOrThrow({ where: { metrics: { some: {} } }, select: { id: true } });
  await prisma.contentItem.update({ where: { id: item.id }, data: { title: "Written by the last test" } });
  await prisma.contentTag.create({ data: { contentId: item.id, name: "left-behind", position: 99 } });
  await prisma.comment.deleteMany({});
  await prisma.contentMetric.updateMany({ where: { contentId: item.id }, data: { views: { increment: 7 } } });
  expect(await databaseDigest()).not.toEqual(seed);

  expect(await freshSeed()).toEqual(seededAt); // the kept seed, put back (not a new one)
  expect(await databaseDigest()).toEqual(seed);
});
