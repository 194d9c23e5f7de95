// The website channel's webhook (Settings › Integrations): validated like an integration's webhook,
// never shown back, kept when left blank, removable; with one, website posts are POSTed there
// (signed), without one they stay in the outbox.
import { thisWorkspace } from "~/db/workspace-keys.server";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { verifySignature } from "~/adapters/webhook-signature.server";
import { prisma } from "~/db/db.server";
import { action as settings, loader as settingsPage } from "~/routes/settings/route";
import { deliverDueChannelPosts } from "~/services/channel-delivery.server";
import { createVariants } from "~/services/channel-posts.server";
import { transitionContent } from "~/services/content-lifecycle.server";
import { databaseDigest } from "./db-snapshot";
import { SAMPLE, cookieFor, freshSeed, get, post, run } from "./route-helpers";

const editor = { id: SAMPLE.Editor, role: "Editor", name: "Marcus Rivera" };
const CHANNELS = {
  intent: "save",
  section: "channels",
  teamName: "Brightpath",
  timeZone: "Europe/London",
  siteUrl: "https://blog.brightpath.test",
  utmTagging: "on",
};
let server: http.Server;
let received: { path: string; signature: string; raw: string }[];
let base: string;

beforeEach(async () => {
  received = [];
  server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", signature: String(req.headers["x-studio-signature"]), raw });
      res.writeHead(200).end("{}");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await freshSeed();
  await prisma.integration.updateMany({ data: { connected: false } });
  // The receiver is on loopback, which the studio refuses unless told (as on a LAN install).
  process.env.STUDIO_ALLOW_PRIVATE_TARGETS = "1";
});

afterEach(async () => {
  delete process.env.STUDIO_ALLOW_PRIVATE_TARGETS;
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const save = async (fields: Record<string, string>, cookie?: string) =>
  run(settings, post("/settings", { ...CHANNELS, ...fields }, cookie ?? (await cookieFor(SAMPLE.Admin))));
const stored = () =>
  prisma.settings.findUniqueOrThrow({ where: thisWorkspace(), select: { websiteWebhookUrl: true, websiteWebhookSecret: true } });

describe("the website channel's webhook setting", () => {
  it("refuses a bad URL beside the field and an Editor altogether, changing nothing", async () => {
    const [admin, editorCookie] = [await cookieFor(SAMPLE.Admin), await cookieFor(SAMPLE.Editor)];
    const before = await databaseDigest();
    for (const [url, message] of [
      ["not a url", /full URL/],
      ["ftp://files.example.test/x", /http or https/],
      [`https://x.test/${"a".repeat(2001)}`, /2,000/],
    ] as const) {
      const bad = await save({ websiteWebhookUrl: url }, admin);
      expect(bad.status).toBe(400);
      expect((bad.body as { fieldErrors: Record<string, string> }).fieldErrors.websiteWebhookUrl).toMatch(message);
    }
    expect((await save({ websiteWebhookUrl: `${base}/site` }, editorCookie)).status).toBe(403);
    expect(await databaseDigest()).toEqual(before);
  });

  it("refuses a private or local address beside the field, as for an integration's webhook", async () => {
    delete process.env.STUDIO_ALLOW_PRIVATE_TARGETS;
    const before = await databaseDigest();
    for (const url of [`${base}/site`, "https://10.1.2.3/hook", "http://[::1]/hook", "https://192.168.1.20/hook"]) {
      const bad = await save({ websiteWebhookUrl: url, websiteWebhookSecret: "s3cret" });
      expect(bad.status).toBe(400);
      expect((bad.body as { fieldErrors: Record<string, string> }).fieldErrors.websiteWebhookUrl).toMatch(/private or local address/);
    }
    expect(await databaseDigest()).toEqual(before);
    expect((await save({ websiteWebhookUrl: "https://100.128.0.7/site", websiteWebhookSecret: "s3cret" })).status).toBe(200);
  });

  it("stores it, shows only its host, keeps it when left blank and removes it on request", async () => {
    expect((await save({ websiteWebhookUrl: `${base}/site`, websiteWebhookSecret: "s3cret" })).status).toBe(200);
    expect(await stored()).toEqual({ websiteWebhookUrl: `${base}/site`, websiteWebhookSecret: "s3cret" });
    const page = await run(settingsPage, get("/settings?tab=integrations", await cookieFor(SAMPLE.Admin)));
    const json = JSON.stringify(page.body);
    expect(json).toContain(`"websiteWebhook":{"host":"${new URL(base).host}","hasSecret":true}`);
    expect(json).not.toContain("s3cret");
    expect(json).not.toContain(`${base}/site`);
    expect((await save({ websiteWebhookUrl: "", websiteWebhookSecret: "" })).status).toBe(200);
    expect(await stored()).toEqual({ websiteWebhookUrl: `${base}/site`, websiteWebhookSecret: "s3cret" });
    expect((await save({ websiteWebhookClear: "on" })).status).toBe(200);
    expect(await stored()).toEqual({ websiteWebhookUrl: "", websiteWebhookSecret: "" });
  });
});

describe("delivering a website post", () => {
  async function publish() {
    const item = await prisma.contentItem.create({
      data: {
        title: "Our site, too",
        type: "blog",
        status: "review",
        authorId: SAMPLE.Writer,
        body: "The website is a channel like any other. It gets its post.",
      },
    });
    expect(await createVariants(item.id, editor)).toMatchObject({ ok: true, created: 1 });
    await transitionContent(item.id, "approve", editor, new Date(), { override: true });
    await deliverDueChannelPosts();
    return item;
  }

  it("POSTs it to the website webhook, signed with its secret", async () => {
    await save({ websiteWebhookUrl: `${base}/site`, websiteWebhookSecret: "s3cret" });
    const item = await publish();
    expect(received.map((r) => r.path)).toEqual(["/site"]);
    const [hit] = received;
    expect(verifySignature(hit.signature, hit.raw, "s3cret")).toEqual({ ok: true });
    expect(JSON.parse(hit.raw)).toMatchObject({ channel: "website", link: "https://blog.brightpath.test/our-site-too", shortLink: null });
    expect(await prisma.publishDelivery.findFirstOrThrow({ where: { contentId: item.id } })).toMatchObject({
      channel: "webhook",
      status: "sent",
    });
  });

  it("keeps it in the outbox without one, ready to post by hand (not published)", async () => {
    const item = await publish();
    expect(received).toHaveLength(0);
    expect(await prisma.publishDelivery.findFirstOrThrow({ where: { contentId: item.id } })).toMatchObject({
      channel: "outbox",
      status: "queued",
    });
    expect(await prisma.channelPost.findFirstOrThrow({ where: { contentId: item.id } })).toMatchObject({
      status: "manual",
      publishedAt: null,
    });
  });
});
