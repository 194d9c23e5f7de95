// Native connections against fake X and LinkedIn on loopback (decision 042): app credentials kept
// encrypted, OAuth with PKCE and a state bound to the session, posting with the network's id and
// address stored, the shared error kinds, refresh before expiry, and a revoked token that holds the
// channel as "Needs reconnecting" and tells the Admins.
import { idInWorkspace } from "~/db/workspace-keys.server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { loader as callback } from "~/routes/settings_.networks.callback";
import { action as settings, loader as settingsPage } from "~/routes/settings/route";
import { deliverDueChannelPosts } from "~/services/channel-delivery.server";
import { createVariants } from "~/services/channel-posts.server";
import { transitionContent } from "~/services/content-lifecycle.server";
import { startFakeNetwork, useFakeNetwork, type FakeNetwork } from "./fake-network";
import { databaseBytes, followConsent, postOf, publishedItem } from "./network-helpers";
import { SAMPLE, cookieFor, freshSeed, get, post, run } from "./route-helpers";

const SECRET = "app-secret-9f2c7d41e0";
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
let fake: FakeNetwork;

beforeAll(async () => {
  fake = await startFakeNetwork();
  useFakeNetwork(fake.base);
});
afterAll(() => fake.close());
beforeEach(async () => {
  await freshSeed();
  fake.apps.clear();
  fake.posts.length = 0;
  fake.media.length = 0;
  fake.tokenGrants.length = 0;
  fake.accessSeconds = 7200;
  fake.linkedinOrgs = [];
});
afterEach(() => fake.revokeAll());

type Reply = { ok: boolean; fieldErrors: Record<string, string>; formError?: string; message?: string };

async function saveApp(network: string, cookie: string, clientId = `${network}-client`, clientSecret = SECRET) {
  fake.apps.set(clientId, clientSecret);
  return run(settings, post("/settings", { intent: "network-app", platform: network, clientId, clientSecret }, cookie));
}

/** Presses Connect, lets the fake approve, and follows the network back to the callback. */
const connect = async (network: string, cookie: string, callbackCookie = cookie, extra: Record<string, string> = {}) =>
  (await followConsent(network, cookie, callbackCookie, extra)).outcome;

describe("the team's developer app", () => {
  it("is saved by an Admin, shown by its client id only, and refused to others", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    expect((await saveApp("twitter", admin)).status).toBe(200);
    const page = await run(settingsPage, get("/settings", admin));
    const text = JSON.stringify(page.body);
    expect(text).toContain("twitter-client");
    expect(text).not.toContain(SECRET);
    expect(text).toContain("http://localhost:3000/settings/networks/callback");
    expect((await saveApp("twitter", await cookieFor(SAMPLE.Editor))).status).toBe(403);
  });

  it("answers 400 beside the field for a blank client id, and changes nothing", async () => {
    const outcome = await run(
      settings,
      post("/settings", { intent: "network-app", platform: "twitter", clientId: " ", clientSecret: "x" }, await cookieFor(SAMPLE.Admin)),
    );
    expect(outcome.status).toBe(400);
    expect((outcome.body as Reply).fieldErrors.clientId).toBe("Enter the app's client id.");
    expect(await prisma.networkApp.count()).toBe(0);
  });

  it("refuses Connect before the app is entered (409)", async () => {
    const outcome = await run(
      settings,
      post("/settings", { intent: "network-connect", platform: "linkedin" }, await cookieFor(SAMPLE.Admin)),
    );
    expect(outcome.status).toBe(409);
    expect((outcome.body as Reply).formError).toBe("Enter your LinkedIn app's client id and secret first.");
  });
});

describe("connecting through the network's consent page", () => {
  it("connects X with PKCE and shows who it is connected as; the database holds no secret or token in clear", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await saveApp("twitter", admin);
    const outcome = await connect("twitter", admin);
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("Location")).toBe("/settings?tab=integrations&connected=twitter");
    const row = await prisma.integration.findUniqueOrThrow({ where: idInWorkspace("twitter") });
    expect(row).toMatchObject({ connected: true, handle: "@brightpath", accountId: "2244994945", reconnectReason: null });
    const page = JSON.stringify((await run(settingsPage, get("/settings", admin))).body);
    expect(page).toContain("Connected as @brightpath · expires in 1 day");
    // Encryption at rest: neither the app secret nor the access token appears in the database files.
    const bytes = await databaseBytes();
    expect(bytes.includes(Buffer.from(SECRET))).toBe(false);
    expect(row.accessTokenEnc).toMatch(/^v1:/);
    const [issued] = fake.tokenGrants;
    expect(issued).toBe("authorization_code");
    expect(page).not.toContain(row.accessTokenEnc!);
  });

  it("refuses a state from another member's session, and a state used twice", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await saveApp("linkedin", admin);
    const other = await cookieFor(SAMPLE.Admin);
    const refused = await connect("linkedin", admin, other);
    expect(refused.status).toBe(400);
    expect((refused.body as { formError: string }).formError).toMatch(/not from this session/);
    expect(await prisma.integration.findUniqueOrThrow({ where: idInWorkspace("linkedin") })).toMatchObject({ accessTokenEnc: null });
    // The same state again: it was spent by the refused attempt.
    const started = await run(settings, post("/settings", { intent: "network-connect", platform: "linkedin" }, admin));
    const consent = await fetch(started.headers.get("Location")!, { redirect: "manual" });
    const back = new URL(consent.headers.get("Location")!);
    expect((await run(callback, get(`${back.pathname}${back.search}`, admin))).status).toBe(302);
    expect((await run(callback, get(`${back.pathname}${back.search}`, admin))).status).toBe(400);
  });
});

describe("publishing through the network", () => {
  it("posts each channel once with its own text and image, and stores the network's id and address", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    for (const network of ["twitter", "linkedin"]) {
      await saveApp(network, admin);
      await connect(network, admin);
    }
    const item = await publishedItem(PNG);
    expect(await deliverDueChannelPosts()).toMatchObject({ sent: 2, failed: 0 });
    const x = await postOf(item.id, "twitter");
    const li = await postOf(item.id, "linkedin");
    expect(fake.posts.map((p) => p.network).sort()).toEqual(["linkedin", "twitter"]);
    const tweet = fake.posts.find((p) => p.network === "twitter")!;
    expect(tweet.body.text).toContain(x.text);
    expect((tweet.body.media as { media_ids: string[] }).media_ids).toHaveLength(1);
    expect(x).toMatchObject({ status: "published", externalUrl: `${fake.base}/brightpath/status/${x.externalId}` });
    const share = fake.posts.find((p) => p.network === "linkedin")!;
    expect(share.body).toMatchObject({ author: "urn:li:person:782bbtaQ", visibility: "PUBLIC", lifecycleState: "PUBLISHED" });
    expect(share.body.commentary).toContain(li.text);
    expect(li.externalId).toMatch(/^urn:li:share:\d+$/);
    expect(li.externalUrl).toBe(`${fake.base}/feed/update/${li.externalId}/`);
    expect(fake.media.map((m) => m.network).sort()).toEqual(["linkedin", "twitter"]);
    expect((share.body.content as { media: { altText: string } }).media.altText).toBe("A dot");
  });

  it("retries a 500 and posts once; waits for a 429's reset without counting it; fails a 400 with the network's words and tells people", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await saveApp("twitter", admin);
    await connect("twitter", admin);
    const item = await publishedItem();
    const now = Date.now();
    fake.failNext("/2/tweets", { status: 500 });
    expect(await deliverDueChannelPosts(new Date(now))).toMatchObject({ retry: 1 });
    expect(await postOf(item.id, "twitter")).toMatchObject({ status: "publishing", attempts: 1, lastError: "X answered HTTP 500" });
    const reset = Math.floor(now / 1000) + 900;
    fake.failNext("/2/tweets", { status: 429, headers: { "x-rate-limit-reset": String(reset) } });
    await deliverDueChannelPosts(new Date(now + 120_000));
    expect(await postOf(item.id, "twitter")).toMatchObject({ status: "publishing", attempts: 1, nextAttemptAt: new Date(reset * 1000) });
    expect(await deliverDueChannelPosts(new Date(reset * 1000))).toMatchObject({ sent: 1 });
    expect(fake.posts).toHaveLength(1);
    expect(await deliverDueChannelPosts(new Date(reset * 1000 + 600_000))).toMatchObject({ sent: 0 });
    expect(fake.posts).toHaveLength(1);

    const second = await prisma.contentItem.create({
      data: { title: "Another", type: "blog", status: "review", authorId: SAMPLE.Writer, body: "Words enough for a post." },
    });
    const editor = { id: SAMPLE.Editor, role: "Editor", name: "Marcus Rivera" };
    await createVariants(second.id, editor);
    await transitionContent(second.id, "approve", editor, new Date(), { override: true });
    fake.failNext("/2/tweets", { status: 400, body: { detail: "You are not allowed to create a Tweet with duplicate content." } });
    await deliverDueChannelPosts();
    expect(await postOf(second.id, "twitter")).toMatchObject({
      status: "failed",
      lastError: "X refused the post: You are not allowed to create a Tweet with duplicate content.",
    });
    const told = await prisma.notification.findMany({ where: { event: "publishing_problem", contentId: second.id } });
    const reviewers = await prisma.membership.findMany({
      where: { status: "active", role: { in: ["Editor", "Admin"] } },
      select: { userId: true },
    });
    expect(told.map((n) => n.userId).sort()).toEqual([SAMPLE.Writer, ...reviewers.map((r) => r.userId)].sort());
  });

  it("refreshes an access token about to run out before posting, without anyone noticing", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await saveApp("twitter", admin);
    fake.accessSeconds = 300;
    await connect("twitter", admin);
    fake.accessSeconds = 7200;
    const before = (await prisma.integration.findUniqueOrThrow({ where: idInWorkspace("twitter") })).accessTokenEnc;
    const item = await publishedItem();
    expect(await deliverDueChannelPosts()).toMatchObject({ sent: 1 });
    expect(fake.tokenGrants).toEqual(["authorization_code", "refresh_token"]);
    const after = await prisma.integration.findUniqueOrThrow({ where: idInWorkspace("twitter") });
    expect(after.accessTokenEnc).not.toBe(before);
    expect(after.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 3600_000);
    expect(await postOf(item.id, "twitter")).toMatchObject({ status: "published" });
  });

  it("holds a revoked channel as Needs reconnecting (not failed, not retried) and rings the Admins' bell", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await saveApp("twitter", admin);
    await connect("twitter", admin);
    fake.revokeAll();
    const item = await publishedItem();
    expect(await deliverDueChannelPosts()).toMatchObject({ held: 1, failed: 0 });
    expect(await postOf(item.id, "twitter")).toMatchObject({ status: "publishing", attempts: 0 });
    const row = await prisma.integration.findUniqueOrThrow({ where: idInWorkspace("twitter") });
    expect(row.reconnectReason).toMatch(/X no longer accepts the studio's access/);
    expect(await deliverDueChannelPosts(new Date(Date.now() + 3600_000))).toMatchObject({ sent: 0, held: 0, retry: 0 });
    const bells = await prisma.notification.findMany({ where: { event: "publishing_problem", userId: SAMPLE.Admin } });
    expect(bells).toHaveLength(1);
    expect(bells[0].message).toMatch(/^X needs reconnecting/);
    const page = JSON.stringify((await run(settingsPage, get("/settings", admin))).body);
    expect(page).toContain("Needs reconnecting: X no longer accepts");
    // Connecting again sends the post that waited.
    await connect("twitter", admin);
    expect(await deliverDueChannelPosts()).toMatchObject({ sent: 1 });
    expect(fake.posts).toHaveLength(1);
  });

  it("marks the channel Needs reconnecting when the network refuses a refresh", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await saveApp("twitter", admin);
    fake.accessSeconds = 60;
    await connect("twitter", admin);
    fake.revokeAll();
    const item = await publishedItem();
    expect(await deliverDueChannelPosts()).toMatchObject({ held: 1 });
    expect(fake.posts).toHaveLength(0);
    expect((await prisma.integration.findUniqueOrThrow({ where: idInWorkspace("twitter") })).reconnectReason).toMatch(
      /refused to renew access \(Refresh token was revoked\)/,
    );
    expect(await postOf(item.id, "twitter")).toMatchObject({ status: "publishing" });
  });
});

describe("LinkedIn organisation pages", () => {
  const choose = (accountId: string, cookie: string) =>
    run(settings, post("/settings", { intent: "network-account", platform: "linkedin", accountId }, cookie));

  it("asks for the organisation permissions only when the Admin wants them, lists the organisations the member administers, and posts as the one chosen", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await saveApp("linkedin", admin);
    fake.linkedinOrgs = [
      { id: "5515715", name: "Bright Path" },
      { id: "2414183", name: "Bright Path Labs" },
    ];
    const started = await run(settings, post("/settings", { intent: "network-connect", platform: "linkedin", organisations: "1" }, admin));
    expect(new URL(started.headers.get("Location")!).searchParams.get("scope")).toBe(
      "openid profile w_member_social w_organization_social r_organization_social",
    );
    const outcome = await connect("linkedin", admin, admin, { organisations: "1" });
    expect(outcome.headers.get("Location")).toBe("/settings?tab=integrations&choose=linkedin");
    const page = JSON.stringify((await run(settingsPage, get("/settings", admin))).body);
    expect(page).toContain("Bright Path Labs (organisation)");
    expect((await choose("urn:li:organization:2414183", admin)).status).toBe(200);
    expect(await prisma.integration.findUniqueOrThrow({ where: idInWorkspace("linkedin") })).toMatchObject({
      handle: "Bright Path Labs (organisation)",
      accountId: "urn:li:organization:2414183",
    });
    const item = await publishedItem(PNG);
    expect(await deliverDueChannelPosts()).toMatchObject({ sent: 1 });
    const share = fake.posts.find((p) => p.network === "linkedin")!;
    expect(share.body.author).toBe("urn:li:organization:2414183");
    expect((await postOf(item.id, "linkedin")).externalId).toMatch(/^urn:li:share:\d+$/);
  });

  it("connects the member at once without the organisation permissions (LinkedIn refuses the list), and can post as the member", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await saveApp("linkedin", admin);
    fake.linkedinOrgs = [{ id: "5515715", name: "Bright Path" }];
    const outcome = await connect("linkedin", admin);
    expect(outcome.headers.get("Location")).toBe("/settings?tab=integrations&connected=linkedin");
    expect(await prisma.integration.findUniqueOrThrow({ where: idInWorkspace("linkedin") })).toMatchObject({ accountId: "782bbtaQ" });
  });

  it("offers the member too, and posts as the member when chosen", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await saveApp("linkedin", admin);
    fake.linkedinOrgs = [{ id: "5515715", name: "Bright Path" }];
    await connect("linkedin", admin, admin, { organisations: "1" });
    expect((await choose("782bbtaQ", admin)).status).toBe(200);
    await publishedItem();
    await deliverDueChannelPosts();
    expect(fake.posts.find((p) => p.network === "linkedin")!.body.author).toBe("urn:li:person:782bbtaQ");
  });
});
