// npm run db:copy (issue 38, decision 052): the seeded SQLite studio, with an upload and a live
// document, copied into an empty PostgreSQL database; counts and checksums match; a second copy is
// refused and changes nothing. Skipped, saying why, without a reachable PostgreSQL.
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@prisma/client";
import { createPrismaClient, prisma } from "~/db/db.server";
import { compareDatabases, copyDatabase, type CopyReport } from "../scripts/db-copy-lib";
import { freshPostgresDatabase, postgresUnavailable } from "./postgres";
import { freshSeed } from "./route-helpers";

const unavailable = await postgresUnavailable();
/** Figures past 2^31 (decision 063): a day and a channel-day of 3,000,000,000, from before the seed's days. */
const BIG = 3_000_000_000;
const BIG_DAY = "2001-01-01";
const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

describe.skipIf(unavailable !== null)(`db:copy into PostgreSQL${unavailable ? ` (skipped: ${unavailable})` : ""}`, () => {
  let database: { url: string; drop: () => Promise<void> };
  let target: PrismaClient;
  let uploadDir: string;
  let report: CopyReport;
  const sha256 = createHash("sha256").update(PNG).digest("hex");

  beforeAll(async () => {
    await freshSeed();
    uploadDir = await fs.mkdtemp(path.join(os.tmpdir(), "studio-uploads-"));
    await fs.writeFile(path.join(uploadDir, `${sha256}.png`), PNG);
    const item = await prisma.contentItem.findFirstOrThrow({ select: { id: true } });
    await prisma.upload.create({
      data: {
        sha256,
        mime: "image/png",
        bytes: PNG.length,
        alt: "A dot",
        fileName: "dot.png",
        contentId: item.id,
        createdById: "user-sarah",
      },
    });
    await prisma.upload.create({
      data: { sha256: "0".repeat(64), mime: "image/png", bytes: 1, alt: "Gone", fileName: "gone.png", createdById: "user-sarah" },
    });
    await prisma.contentDoc.upsert({
      where: { contentId: item.id },
      create: { contentId: item.id, state: new Uint8Array([1, 2, 3, 250]), version: 7 },
      update: { state: new Uint8Array([1, 2, 3, 250]), version: 7 },
    });
    const date = new Date(`${BIG_DAY}T00:00:00.000Z`);
    await prisma.contentMetric.create({
      data: { contentId: item.id, date, views: BIG, shares: BIG, engagedViews: BIG, timeSpentSec: BIG },
    });
    await prisma.channelMetricDaily.create({ data: { day: BIG_DAY, channel: "mastodon", impressions: BIG, clicks: BIG } });
    database = await freshPostgresDatabase({ migrated: false });
    report = await copyDatabase({ from: process.env.DATABASE_URL!, to: database.url, uploadDir });
    target = createPrismaClient(database.url);
  }, 120_000);

  afterAll(async () => {
    await target?.$disconnect();
    await database?.drop();
    if (uploadDir) await fs.rm(uploadDir, { recursive: true, force: true });
  });

  it("copies every table: counts and checksums match on both sides", async () => {
    expect(report.tables.length).toBeGreaterThan(40);
    expect(report.tables.filter((t) => !t.matches)).toEqual([]);
    expect(await target.contentItem.count()).toBe(await prisma.contentItem.count());
    expect(await target.contentRevision.count()).toBe(await prisma.contentRevision.count());
    const listing = report.tables.find((t) => t.table === "ContentListing")!;
    expect(listing.rows).toBe(await prisma.contentListing.count());
  });

  it("carries figures past 2^31 as they are: the metric, its rollups, the listing and the channel-day", async () => {
    const item = await prisma.contentItem.findFirstOrThrow({ select: { id: true } });
    const date = new Date(`${BIG_DAY}T00:00:00.000Z`);
    expect(await target.contentMetric.findUniqueOrThrow({ where: { contentId_date: { contentId: item.id, date } } })).toMatchObject({
      views: BIG,
      timeSpentSec: BIG,
    });
    const daily = await target.contentMetricDaily.aggregate({ where: { day: BIG_DAY }, _sum: { views: true, shares: true } });
    expect(daily._sum).toEqual({ views: BIG, shares: BIG });
    const listing = await target.contentListing.findUniqueOrThrow({ where: { contentId: item.id } });
    expect(listing.views).toBeGreaterThan(BIG);
    expect(listing.views).toBe((await prisma.contentListing.findUniqueOrThrow({ where: { contentId: item.id } })).views);
    expect(
      await target.channelMetricDaily.findUniqueOrThrow({ where: { day_channel: { day: BIG_DAY, channel: "mastodon" } } }),
    ).toMatchObject({
      impressions: BIG,
      clicks: BIG,
    });
  });

  it("keeps live-document state byte for byte and the upload's file as a row; a missing file is named", async () => {
    const doc = await target.contentDoc.findFirstOrThrow({ where: { version: 7 } });
    expect([...doc.state]).toEqual([1, 2, 3, 250]);
    const blob = await target.uploadBlob.findUniqueOrThrow({ where: { sha256 } });
    expect(Buffer.from(blob.bytes).equals(PNG)).toBe(true);
    expect(report.uploads).toEqual({ copied: 1, missing: ["0".repeat(64)] });
  });

  it("leaves the copy working: the triggers are back and the listing's ids continue after the copied ones", async () => {
    const before = await target.contentListing.aggregate({ _max: { id: true } });
    await target.contentItem.create({ data: { id: "after-copy", title: "Written after the move", type: "blog", authorId: "user-sarah" } });
    const listed = await target.contentListing.findFirstOrThrow({ where: { contentId: "after-copy" } });
    expect(listed.id).toBeGreaterThan(before._max.id!);
    await target.contentItem.delete({ where: { id: "after-copy" } });
  });

  it("leaves the body search working: the copied listing has every item's words", async () => {
    const words = await target.$queryRaw<{ contentId: string }[]>`
      SELECT l."contentId" FROM "ContentListing" l WHERE l."bodyWords" @@ studio_body_query('engagement:*') ORDER BY 1`;
    const bodies = await prisma.contentItem.findMany({
      where: { body: { contains: "engagement" } },
      select: { id: true },
      orderBy: { id: "asc" },
    });
    expect(bodies.length).toBeGreaterThan(0);
    expect(words.map((w) => w.contentId)).toEqual(bodies.map((b) => b.id));
  });

  it("leaves the tag filter working: the copied listing has every item's tag names", async () => {
    const listed = await target.$queryRaw<{ contentId: string }[]>`
      SELECT l."contentId" FROM "ContentListing" l WHERE l."tagNames" @> ARRAY['SEO']::text[] ORDER BY 1`;
    const tagged = await prisma.contentTag.findMany({ where: { name: "SEO" }, select: { contentId: true }, orderBy: { contentId: "asc" } });
    expect(tagged.length).toBeGreaterThan(0);
    expect(listed.map((l) => l.contentId)).toEqual(tagged.map((t) => t.contentId));
  });

  it("a difference in one row shows in that table's checksum", async () => {
    const item = await target.contentItem.findFirstOrThrow({ select: { id: true, title: true } });
    await target.contentItem.update({ where: { id: item.id }, data: { title: `${item.title}!` } });
    const tables = await compareDatabases(process.env.DATABASE_URL!, database.url);
    expect(tables.filter((t) => !t.matches).map((t) => t.table)).toContain("ContentItem");
    await target.contentItem.update({ where: { id: item.id }, data: { title: item.title } });
  });

  it("refuses a target that already holds a studio, and changes nothing there", async () => {
    const count = await target.contentItem.count();
    await expect(copyDatabase({ from: process.env.DATABASE_URL!, to: database.url, uploadDir })).rejects.toThrow(/not empty/);
    expect(await target.contentItem.count()).toBe(count);
  });
});
