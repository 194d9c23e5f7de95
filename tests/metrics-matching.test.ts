// The metrics API and the CSV import match a network's export (decision 050): rows name the post by
// the network's id or address (or the studio's own delivery key, which webhook posts kept as their
// external id), figures may carry thousands separators, the preview names the item and channel, and
// figures dated before the post went out are refused with the row named.
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { createApiToken } from "~/models/api-token.server";
import { action as metricsApi } from "~/routes/api.v1.metrics";
import { action as websiteAction } from "~/routes/settings_.website/route";
import { SAMPLE, ORIGIN, cookieFor, freshSeed, run } from "./route-helpers";

const DAY = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
let token: string;
let item: { id: string; title: string };

beforeEach(async () => {
  await freshSeed();
  ({ token } = await createApiToken("export", SAMPLE.Admin));
  item = await prisma.contentItem.create({
    data: { title: "Spring launch recap", type: "blog", status: "published", authorId: SAMPLE.Writer, body: "B." },
    select: { id: true, title: true },
  });
});

/** A post that went out `daysAgo` days ago on X with the network's id and address, or a webhook post that kept its delivery key. */
function wentOut(daysAgo: number, fields: { channel?: string; externalId?: string; externalUrl?: string; deliveryKey?: string } = {}) {
  return prisma.channelPost.create({
    data: {
      contentId: item.id,
      channel: fields.channel ?? "twitter",
      status: "published",
      publishedAt: new Date(Date.now() - daysAgo * DAY),
      externalId: fields.externalId ?? "1861000000000000001",
      externalUrl: fields.externalUrl ?? "https://x.com/brightpath/status/1861000000000000001",
      deliveryKey: fields.deliveryKey,
      createdById: SAMPLE.Writer,
    },
  });
}

const send = (rows: object[]) =>
  run(
    metricsApi,
    new Request(`${ORIGIN}/api/v1/metrics`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ rows }),
    }),
  );

const stored = (channelPostId: string) =>
  prisma.channelPostMetric.findMany({
    where: { channelPostId },
    select: { day: true, likes: true, impressions: true },
    orderBy: { day: "asc" },
  });

describe("the metrics API", () => {
  it("matches a row by the network's id, the post's address (with or without its last slash) or a webhook post's delivery key", async () => {
    const x = await wentOut(3);
    const webhook = await wentOut(3, { channel: "linkedin", externalId: "wh-77", externalUrl: "", deliveryKey: "cp_abc_1" });
    const days = [1, 2, 0].map((n) => isoDay(new Date(Date.now() - n * DAY)));
    const reply = await send([
      { externalId: "1861000000000000001", day: days[0], likes: 4 },
      { url: "https://x.com/brightpath/status/1861000000000000001/", day: days[1], likes: 6 },
      { externalId: "cp_abc_1", day: days[2], likes: 2 },
    ]);
    expect(reply.status).toBe(200);
    expect(await stored(x.id)).toEqual([
      { day: days[1], likes: 6, impressions: 0 },
      { day: days[0], likes: 4, impressions: 0 },
    ]);
    expect(await stored(webhook.id)).toEqual([{ day: days[2], likes: 2, impressions: 0 }]);
  });

  it("takes figures written with thousands separators", async () => {
    const x = await wentOut(2);
    const day = isoDay(new Date());
    expect((await send([{ externalId: "1861000000000000001", day, impressions: "1,200", likes: "12" }])).status).toBe(200);
    expect(await stored(x.id)).toEqual([{ day, likes: 12, impressions: 1200 }]);
    const bad = await send([{ externalId: "1861000000000000001", day, impressions: "1,20" }]);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ rows: [{ row: 0, field: "impressions" }] });
  });

  it("refuses figures dated before the post went out (400, the row named) and stores none of the batch", async () => {
    const x = await wentOut(2);
    const early = isoDay(new Date(Date.now() - 5 * DAY));
    const reply = await send([
      { externalId: "1861000000000000001", day: isoDay(new Date()), likes: 3 },
      { externalId: "1861000000000000001", day: early, likes: 9 },
    ]);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      ok: false,
      formError: expect.stringMatching(/before their post went out/),
      rows: [
        {
          row: 1,
          field: "day",
          message: expect.stringMatching(new RegExp(`^X post of “Spring launch recap”: ${early} is before the post went out`)),
        },
      ],
    });
    expect(await stored(x.id)).toEqual([]);
  });

  it("refuses figures for a post that has not gone out", async () => {
    await prisma.channelPost.create({
      data: { contentId: item.id, channel: "mastodon", status: "scheduled", externalId: "109999", createdById: SAMPLE.Writer },
    });
    const reply = await send([{ externalId: "109999", day: isoDay(new Date()), likes: 1 }]);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      rows: [{ row: 0, message: "Mastodon post of “Spring launch recap”: the post has not gone out yet" }],
    });
  });
});

describe("the CSV import", () => {
  async function submit(fields: Record<string, string>) {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    return run(
      websiteAction,
      new Request(`${ORIGIN}/settings/website`, {
        method: "POST",
        body,
        headers: { Origin: ORIGIN, Cookie: await cookieFor(SAMPLE.Admin) },
      }),
    );
  }

  it("matches an export by the post's address, reads '1,200', names the item and channel, and leaves out rows dated before the post", async () => {
    const x = await wentOut(1);
    const today = isoDay(new Date());
    const early = isoDay(new Date(Date.now() - 4 * DAY));
    const csv = [
      "post,day,impressions,likes,comments,shares,clicks",
      `https://x.com/brightpath/status/1861000000000000001,${today},"1,200",42,3,7,0`,
      `1861000000000000001,${early},10,1,0,0,0`,
    ].join("\n");
    const preview = await submit({ intent: "csv-preview", csv });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      good: [{ line: 2, item: "Spring launch recap", channel: "X", impressions: 1200, likes: 42 }],
      errors: [
        { row: 3, field: "day", message: expect.stringMatching(/^X post of “Spring launch recap”: .* is before the post went out/) },
      ],
    });
    expect(await submit({ intent: "csv-import", csv })).toMatchObject({ body: { ok: true, message: "Imported 1 row; 1 left out." } });
    expect(await stored(x.id)).toEqual([{ day: today, likes: 42, impressions: 1200 }]);
  });
});
