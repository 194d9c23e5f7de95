// Mastodon and Bluesky against the fake network on loopback (decision 045): Mastodon registers the
// studio on the typed instance, connects with PKCE and a session-bound state, and posts under an
// Idempotency-Key; Bluesky signs in with an app password, renews its session, posts with facets and
// a record key a retry finds. Both map refusals into the shared kinds and store the post's id and address.
import { idInWorkspace, networkInWorkspace } from "~/db/workspace-keys.server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { loader as callback } from "~/routes/settings_.networks.callback";
import { action as settings, loader as settingsPage } from "~/routes/settings/route";
import { loader as dashboard } from "~/routes/_index";
import { loader as root } from "~/root";
import { deliverDueChannelPosts } from "~/services/channel-delivery.server";
import { consentOrigins } from "~/adapters/networks/endpoints.server";
import { contentSecurityPolicy } from "../server/security-headers";
import { FAKE_DID } from "./fake-bluesky";
import { startFakeNetwork, useFakeNetwork, type FakeNetwork } from "./fake-network";
import { databaseBytes, postOf, publishedItem } from "./network-helpers";
import { SAMPLE, cookieFor, freshSeed, get, post, run } from "./route-helpers";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const APP_PASSWORD = "abcd-efgh-ijkl-mnop";
const HANDLE = "brightpath.bsky.social";
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
  fake.mastodonApps.length = 0;
  fake.bluesky.records.clear();
  fake.bluesky.accounts.clear();
  fake.bluesky.accounts.set(HANDLE, APP_PASSWORD);
  fake.accessSeconds = 7200;
  fake.mastodonMediaAsync = false;
});
afterEach(() => fake.revokeAll());

type Reply = { ok: boolean; fieldErrors: Record<string, string>; formError?: string; message?: string };

const register = async (cookie: string, instance = fake.base) =>
  run(settings, post("/settings", { intent: "mastodon-instance", platform: "mastodon", instance }, cookie));

async function connectMastodon(cookie: string, callbackCookie = cookie) {
  const started = await run(settings, post("/settings", { intent: "network-connect", platform: "mastodon" }, cookie));
  expect(started.status).toBe(302);
  const consent = await fetch(started.headers.get("Location")!, { redirect: "manual" });
  const back = new URL(consent.headers.get("Location")!);
  return run(callback, get(`${back.pathname}${back.search}`, callbackCookie));
}

const connectBluesky = async (cookie: string, fields: Record<string, string> = {}) =>
  run(
    settings,
    post("/settings", { intent: "bluesky-connect", platform: "bluesky", handle: HANDLE, appPassword: APP_PASSWORD, ...fields }, cookie),
  );

const integration = (id: string) => prisma.integration.findUniqueOrThrow({ where: idInWorkspace(id) });

describe("Mastodon", () => {
  it("registers the studio on the typed instance with the exact redirect address and keeps the secret sealed", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    // The same fake under another name, so its origin is not already allowed as X's or LinkedIn's.
    const instance = fake.base.replace("127.0.0.1", "localhost");
    const outcome = await register(admin, `${instance}/`);
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("Location")).toBe("/settings?tab=integrations&registered=mastodon");
    // Connect posts a form that lands on the instance's consent page: CSP's form-action allows it.
    expect(contentSecurityPolicy("n", consentOrigins())).toMatch(new RegExp(`form-action [^;]*${instance}`));
    expect(fake.mastodonApps).toEqual([
      {
        client_name: "Content studio",
        redirect_uris: "http://localhost:3000/settings/networks/callback",
        scopes: "read:accounts read:statuses write:statuses write:media",
      },
    ]);
    const app = await prisma.networkApp.findUniqueOrThrow({ where: networkInWorkspace("mastodon") });
    expect(app).toMatchObject({ instanceUrl: instance, redirectUri: "http://localhost:3000/settings/networks/callback" });
    const secret = fake.apps.get(app.clientId)!;
    expect(app.clientSecretEnc).toMatch(/^v1:/);
    expect((await databaseBytes()).includes(Buffer.from(secret))).toBe(false);
    const page = JSON.stringify((await run(settingsPage, get("/settings", admin))).body);
    expect(page).toContain(instance);
    expect(page).not.toContain(secret);
    expect((await register(await cookieFor(SAMPLE.Editor))).status).toBe(403);
  });

  it("answers 400 beside the field for a blank or refused instance, and registers nothing", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    const blank = await register(admin, " ");
    expect(blank.status).toBe(400);
    expect((blank.body as Reply).fieldErrors.instance).toBe("Enter your instance's address.");
    fake.failNext("/api/v1/apps", { status: 422, body: { error: "Validation failed: Redirect URI must be an absolute URI." } });
    const refused = await register(admin);
    expect(refused.status).toBe(400);
    expect((refused.body as Reply).fieldErrors.instance).toBe(
      "The instance did not register the studio: Validation failed: Redirect URI must be an absolute URI.",
    );
    expect(await prisma.networkApp.count()).toBe(0);
  });

  it("refuses an instance on a private or loopback address unless STUDIO_ALLOW_PRIVATE_TARGETS=1", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    delete process.env.STUDIO_ALLOW_PRIVATE_TARGETS;
    try {
      for (const instance of [
        "https://127.0.0.1:8443",
        "https://10.1.2.3",
        "https://[::1]",
        "https://192.168.0.10",
        "http://mastodon.example",
      ]) {
        const outcome = await register(admin, instance);
        expect(outcome.status, instance).toBe(400);
        expect((outcome.body as Reply).fieldErrors.instance, instance).toMatch(/private or local address|must start with https/);
      }
      expect(fake.mastodonApps).toHaveLength(0);
    } finally {
      process.env.STUDIO_ALLOW_PRIVATE_TARGETS = "1";
    }
  });

  it("connects through the instance's consent page with PKCE and a state bound to the session", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await register(admin);
    const host = new URL(fake.base).host;
    const other = await cookieFor(SAMPLE.Admin);
    expect((await connectMastodon(admin, other)).status).toBe(400);
    const outcome = await connectMastodon(admin);
    expect(outcome.headers.get("Location")).toBe("/settings?tab=integrations&connected=mastodon");
    const row = await integration("mastodon");
    expect(row).toMatchObject({
      connected: true,
      handle: `@brightpath@${host}`,
      accountId: "109348",
      serviceUrl: fake.base,
      tokenExpiresAt: null,
    });
    expect(fake.tokenGrants).toEqual(["authorization_code"]);
    const page = JSON.stringify((await run(settingsPage, get("/settings", admin))).body);
    expect(page).toContain(`Connected as @brightpath@${host}`);
  });

  it("posts once with its text and image under an Idempotency-Key, even when the answer is lost", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await register(admin);
    await connectMastodon(admin);
    const item = await publishedItem(PNG);
    fake.loseNextAnswer("/api/v1/statuses");
    const now = Date.now();
    expect(await deliverDueChannelPosts(new Date(now))).toMatchObject({ retry: 1 });
    expect(fake.posts).toHaveLength(1);
    expect(await deliverDueChannelPosts(new Date(now + 3600_000))).toMatchObject({ sent: 1 });
    expect(fake.posts).toHaveLength(1);
    const sent = await postOf(item.id, "mastodon");
    const status = fake.posts[0];
    expect(status.body.status).toContain(sent.text);
    expect(status.body).toMatchObject({ visibility: "public", media_ids: [expect.any(String)] });
    expect(fake.media.filter((m) => m.network === "mastodon")).toHaveLength(2);
    expect(sent).toMatchObject({ status: "published", externalUrl: `${fake.base}/@brightpath/${sent.externalId}` });
  });

  it("waits for an image the instance is still processing before posting it", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await register(admin);
    await connectMastodon(admin);
    fake.mastodonMediaAsync = true;
    const item = await publishedItem(PNG);
    expect(await deliverDueChannelPosts()).toMatchObject({ sent: 1 });
    expect(fake.posts[0].body.media_ids).toHaveLength(1);
    expect(await postOf(item.id, "mastodon")).toMatchObject({ status: "published" });
  });

  it("refuses Connect before registering, after STUDIO_URL changed, and the client-id form for Mastodon and Bluesky", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    const early = await run(settings, post("/settings", { intent: "network-connect", platform: "mastodon" }, admin));
    expect(early.status).toBe(409);
    expect((early.body as Reply).formError).toBe("Enter your Mastodon instance first; the studio registers itself there.");
    await register(admin);
    process.env.STUDIO_URL = "https://studio.example.com";
    try {
      const moved = await run(settings, post("/settings", { intent: "network-connect", platform: "mastodon" }, admin));
      expect(moved.status).toBe(409);
      expect((moved.body as Reply).formError).toMatch(/address changed since it registered/);
    } finally {
      delete process.env.STUDIO_URL;
    }
    for (const platform of ["mastodon", "bluesky"]) {
      const typed = await run(settings, post("/settings", { intent: "network-app", platform, clientId: "id", clientSecret: "s" }, admin));
      expect(typed.status).toBe(404);
    }
    const bluesky = await run(settings, post("/settings", { intent: "network-connect", platform: "bluesky" }, admin));
    expect(bluesky.status).toBe(404);
  });

  it("maps 429 (ISO reset), 422 and 401 into rate limited, rejected and needs reconnecting", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await register(admin);
    await connectMastodon(admin);
    const item = await publishedItem();
    const reset = new Date(Math.ceil(Date.now() / 1000) * 1000 + 300_000);
    fake.failNext("/api/v1/statuses", {
      status: 429,
      body: { error: "Too many requests" },
      headers: { "X-RateLimit-Reset": reset.toISOString() },
    });
    await deliverDueChannelPosts();
    expect(await postOf(item.id, "mastodon")).toMatchObject({ status: "publishing", attempts: 0, nextAttemptAt: reset });
    fake.failNext("/api/v1/statuses", { status: 422, body: { error: "Validation failed: Text character limit of 500 exceeded" } });
    await deliverDueChannelPosts(reset);
    expect(await postOf(item.id, "mastodon")).toMatchObject({
      status: "failed",
      lastError: "Mastodon refused the post: Validation failed: Text character limit of 500 exceeded",
    });
    const second = await publishedItem();
    fake.revokeAll();
    expect(await deliverDueChannelPosts()).toMatchObject({ held: 1 });
    expect((await integration("mastodon")).reconnectReason).toMatch(
      /^Mastodon no longer accepts the studio's access: The access token is invalid/,
    );
    expect(await postOf(second.id, "mastodon")).toMatchObject({ status: "publishing" });
  });

  it("takes “Mastodon needs reconnecting” off the bell when it is reconnected, as the Dashboard does (issue 56)", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    const editor = await cookieFor(SAMPLE.Editor);
    type Bell = { unread: number; notifications: { message: string }[] };
    const bell = async (cookie: string) => {
      const page = (await run(root, get("/", cookie))).body as Bell;
      return { unread: page.unread, about: page.notifications.filter((n) => n.message.startsWith("Mastodon needs reconnecting")).length };
    };
    const attention = async () =>
      ((await run(dashboard, get("/", editor))).body as { attention: { title: string }[] }).attention.map((a) => a.title);
    await register(admin);
    await connectMastodon(admin);
    await publishedItem();
    const before = await bell(editor);
    fake.revokeAll();
    expect(await deliverDueChannelPosts()).toMatchObject({ held: 1 });
    expect(await attention()).toEqual(["Mastodon needs reconnecting"]);
    expect(await bell(editor)).toEqual({ unread: before.unread + 1, about: 1 });
    expect((await bell(admin)).about).toBe(1);
    expect((await connectMastodon(admin)).status).toBe(302);
    expect(await attention()).toEqual([]);
    expect(await bell(editor)).toEqual({ unread: before.unread, about: 0 });
    expect((await bell(admin)).about).toBe(0);
  });
});

describe("Bluesky", () => {
  it("connects with a handle and an app password; keeps the session sealed and the password nowhere", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    const wrong = await connectBluesky(admin, { appPassword: "nope-nope-nope-nope" });
    expect(wrong.status).toBe(400);
    expect((wrong.body as Reply).fieldErrors.appPassword).toBe("Bluesky did not connect: Invalid identifier or password");
    const outcome = await connectBluesky(admin, { handle: `@${HANDLE}` });
    expect(outcome.status).toBe(200);
    const row = await integration("bluesky");
    expect(row).toMatchObject({ connected: true, handle: `@${HANDLE}`, accountId: FAKE_DID, serviceUrl: fake.base });
    expect(row.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 7000_000);
    expect(row.accessTokenEnc).toMatch(/^v1:/);
    const bytes = await databaseBytes();
    expect(bytes.includes(Buffer.from(APP_PASSWORD))).toBe(false);
    const [access] = [...fake.bluesky.sessions.access.keys()];
    expect(bytes.includes(Buffer.from(access))).toBe(false);
    const page = JSON.stringify((await run(settingsPage, get("/settings", admin))).body);
    expect(page).toContain(`Connected as @${HANDLE}`);
    expect((await connectBluesky(await cookieFor(SAMPLE.Editor))).status).toBe(403);
  });

  it("answers 400 beside the field for a bad handle or a private service, and connects nothing", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    const bad = await connectBluesky(admin, { handle: "no spaces allowed" });
    expect((bad.body as Reply).fieldErrors.handle).toBe("Enter a handle like brand.bsky.social.");
    delete process.env.STUDIO_ALLOW_PRIVATE_TARGETS;
    try {
      const local = await connectBluesky(admin, { service: "https://127.0.0.1:2583" });
      expect(local.status).toBe(400);
      expect((local.body as Reply).fieldErrors.service).toBe(
        "127.0.0.1 is a private or local address; the studio does not connect to those.",
      );
    } finally {
      process.env.STUDIO_ALLOW_PRIVATE_TARGETS = "1";
    }
    expect(await integration("bluesky")).toMatchObject({ connected: false, accessTokenEnc: null });
  });

  it("posts once with link and tag facets (UTF-8 byte ranges) and the image, and stores the record and its address", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await connectBluesky(admin);
    const item = await publishedItem(PNG);
    expect(await deliverDueChannelPosts()).toMatchObject({ sent: 1 });
    const sent = await postOf(item.id, "bluesky");
    const [written] = fake.posts.filter((p) => p.network === "bluesky");
    const record = written.body.record as {
      text: string;
      facets: { index: { byteStart: number; byteEnd: number }; features: { uri?: string; tag?: string }[] }[];
      embed: { images: { alt: string }[] };
    };
    expect(record.text).toContain(sent.text);
    const bytes = Buffer.from(record.text);
    const link = record.facets.find((f) => f.features[0].uri)!;
    expect(bytes.subarray(link.index.byteStart, link.index.byteEnd).toString()).toBe(link.features[0].uri);
    expect(record.embed.images[0].alt).toBe("A dot");
    const rkey = sent.externalId!.split("/").pop();
    expect(sent.externalId).toBe(`at://${FAKE_DID}/app.bsky.feed.post/${rkey}`);
    expect(sent.externalUrl).toBe(`${fake.base}/profile/${HANDLE}/post/${rkey}`);
  });

  it("finds its own post when the answer was lost, at once or on the next try, instead of posting again", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await connectBluesky(admin);
    const first = await publishedItem();
    // The record is written but the answer lost: the same try reads it back under its key.
    fake.loseNextAnswer("/xrpc/com.atproto.repo.createRecord");
    expect(await deliverDueChannelPosts()).toMatchObject({ sent: 1 });
    expect((await postOf(first.id, "bluesky")).externalId).toBe([...fake.bluesky.records.keys()][0]);
    // Both answers lost: the next try's record key is taken by its own post, which it then finds.
    const second = await publishedItem();
    fake.loseNextAnswer("/xrpc/com.atproto.repo.createRecord");
    fake.loseNextAnswer("/xrpc/com.atproto.repo.getRecord");
    const now = Date.now();
    expect(await deliverDueChannelPosts(new Date(now))).toMatchObject({ retry: 1 });
    expect(await deliverDueChannelPosts(new Date(now + 3600_000))).toMatchObject({ sent: 1 });
    expect(fake.posts.filter((p) => p.network === "bluesky")).toHaveLength(2);
    expect((await postOf(second.id, "bluesky")).externalId).toBe([...fake.bluesky.records.keys()][1]);
  });

  it("renews a session about to run out before posting; a session the service calls expired is renewed for the next try", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    fake.accessSeconds = 300;
    await connectBluesky(admin);
    fake.accessSeconds = 7200;
    const before = (await integration("bluesky")).accessTokenEnc;
    const item = await publishedItem();
    expect(await deliverDueChannelPosts()).toMatchObject({ sent: 1 });
    expect((await integration("bluesky")).accessTokenEnc).not.toBe(before);
    expect(await postOf(item.id, "bluesky")).toMatchObject({ status: "published" });

    const second = await publishedItem();
    fake.failNext("/xrpc/com.atproto.repo.createRecord", { status: 400, body: { error: "ExpiredToken", message: "Token has expired" } });
    const now = Date.now();
    expect(await deliverDueChannelPosts(new Date(now))).toMatchObject({ retry: 1 });
    expect((await integration("bluesky")).tokenExpiresAt!.getTime()).toBeLessThanOrEqual(now);
    const renewed = (await integration("bluesky")).accessTokenEnc;
    expect(await deliverDueChannelPosts(new Date(now + 3600_000))).toMatchObject({ sent: 1 });
    expect((await integration("bluesky")).accessTokenEnc).not.toBe(renewed);
    expect(await postOf(second.id, "bluesky")).toMatchObject({ status: "published" });
    expect(fake.posts.filter((p) => p.network === "bluesky")).toHaveLength(2);
  });

  it("marks Bluesky Needs reconnecting and rings the Admins' bell when the service refuses to renew", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    fake.accessSeconds = 60;
    await connectBluesky(admin);
    fake.revokeAll();
    const item = await publishedItem();
    expect(await deliverDueChannelPosts()).toMatchObject({ held: 1, failed: 0 });
    expect((await integration("bluesky")).reconnectReason).toMatch(/session ran out; sign in again with an app password|refused to renew/);
    expect(await postOf(item.id, "bluesky")).toMatchObject({ status: "publishing", attempts: 0 });
    const bells = await prisma.notification.findMany({ where: { event: "publishing_problem", userId: SAMPLE.Admin } });
    expect(bells.map((b) => b.message)).toEqual([expect.stringMatching(/^Bluesky needs reconnecting/)]);
  });

  it("maps 429 with ratelimit-reset and a refused record into the shared kinds", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await connectBluesky(admin);
    const item = await publishedItem();
    const reset = Math.floor(Date.now() / 1000) + 600;
    fake.failNext("/xrpc/com.atproto.repo.createRecord", {
      status: 429,
      body: { error: "RateLimitExceeded", message: "Rate Limit Exceeded" },
      headers: { "ratelimit-reset": String(reset) },
    });
    await deliverDueChannelPosts();
    expect(await postOf(item.id, "bluesky")).toMatchObject({ status: "publishing", attempts: 0, nextAttemptAt: new Date(reset * 1000) });
    fake.failNext("/xrpc/com.atproto.repo.createRecord", {
      status: 400,
      body: { error: "InvalidRequest", message: "Record/text must not be longer than 300 graphemes" },
    });
    await deliverDueChannelPosts(new Date(reset * 1000));
    expect(await postOf(item.id, "bluesky")).toMatchObject({
      status: "failed",
      lastError: "Bluesky refused the post: Record/text must not be longer than 300 graphemes",
    });
  });
});
