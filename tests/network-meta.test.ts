// Facebook Pages and Instagram against a fake Graph API on loopback (decision 051): the shared Meta
// app, Facebook Login with PKCE, the long-lived exchange, choosing the Page (or Instagram account),
// posting (feed, photo, Instagram's container and publish), Meta's error codes in the shared kinds,
// Instagram refused without an image, and nothing in clear in the database.
import { idInWorkspace } from "~/db/workspace-keys.server";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { connectionTokens } from "~/models/integration.server";
import { action as settings, loader as settingsPage } from "~/routes/settings/route";
import { deliverDueChannelPosts } from "~/services/channel-delivery.server";
import { GRAPH, expiredSession } from "./fake-meta";
import { fakeMetaPerTest } from "./fake-meta-per-test";
import { databaseBytes, followConsent as connect, postOf, publishedItem } from "./network-helpers";
import { SAMPLE, cookieFor, get, post, run } from "./route-helpers";

const SECRET = "meta-secret-51f0c9a2d7";
const APP_ID = "1234567890";
const JPEG = fs.readFileSync(new URL("./fixtures/white-2x2.jpg", import.meta.url));
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const COFFEE = { id: "101", name: "Bright Path Coffee", instagram: { id: "17841400001", username: "brightpathcoffee" } };
const BOOKS = { id: "202", name: "Bright Path Books" };
const fake = await fakeMetaPerTest([COFFEE, BOOKS]);

type Reply = { ok: boolean; fieldErrors: Record<string, string>; formError?: string; message?: string };

async function saveMetaApp(cookie: string) {
  fake.apps.set(APP_ID, SECRET);
  return run(settings, post("/settings", { intent: "network-app", platform: "facebook", clientId: APP_ID, clientSecret: SECRET }, cookie));
}

const choose = (network: string, accountId: string, cookie: string) =>
  run(settings, post("/settings", { intent: "network-account", platform: network, accountId }, cookie));

async function connectPage(cookie: string, page = COFFEE) {
  await saveMetaApp(cookie);
  const { outcome } = await connect("facebook", cookie);
  expect(outcome.headers.get("Location")).toBe("/settings?tab=integrations&choose=facebook");
  expect((await choose("facebook", page.id, cookie)).status).toBe(200);
}

const integration = (id: string) => prisma.integration.findUniqueOrThrow({ where: idInWorkspace(id) });

describe("connecting a Facebook Page", () => {
  it("signs in with Facebook Login (pinned version, PKCE, comma-separated scopes), trades for a long-lived token and lets the Admin choose the Page", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    expect((await saveMetaApp(admin)).status).toBe(200);
    const { dialog, outcome } = await connect("facebook", admin);
    expect(dialog.pathname).toBe(`${GRAPH}/dialog/oauth`);
    expect(dialog.searchParams.get("scope")).toBe("pages_show_list,pages_read_engagement,pages_manage_posts");
    expect(dialog.searchParams.get("redirect_uri")).toBe("http://localhost:3000/settings/networks/callback");
    expect(outcome.headers.get("Location")).toBe("/settings?tab=integrations&choose=facebook");
    expect(fake.tokenGrants).toEqual(["authorization_code", "fb_exchange_token"]);
    // The Pages are listed with the long-lived token, not the short one.
    expect(fake.calls.find((c) => c.path === `${GRAPH}/me/accounts`)?.token).toBe("long");
    expect(await integration("facebook")).toMatchObject({ accessTokenEnc: null });

    const page = JSON.stringify((await run(settingsPage, get("/settings", admin))).body);
    expect(page).toContain("Bright Path Coffee");
    expect(page).toContain("Bright Path Books");
    expect(page).not.toMatch(/page-[0-9a-f]{24}/);
    // Another Admin's session does not see this member's choice, nor take it.
    const other = await cookieFor(SAMPLE.Admin);
    expect(JSON.stringify((await run(settingsPage, get("/settings", other))).body)).not.toContain("Bright Path Books");
    expect((await choose("facebook", BOOKS.id, other)).status).toBe(409);

    const unknown = await choose("facebook", "999", admin);
    expect(unknown.status).toBe(400);
    expect((unknown.body as Reply).fieldErrors.accountId).toBe("Choose one of the accounts listed.");
    const chosen = await choose("facebook", BOOKS.id, admin);
    expect(chosen.status).toBe(200);
    expect((chosen.body as Reply).message).toBe("Connected as Bright Path Books.");
    expect(await integration("facebook")).toMatchObject({
      connected: true,
      handle: "Bright Path Books",
      accountId: "202",
      tokenExpiresAt: null,
    });
    expect((await connectionTokens("facebook"))!.accessToken).toMatch(/^page-/);
    expect(await prisma.auditEntry.count({ where: { action: "connection.made", objectId: "facebook" } })).toBe(1);
    // The choice works once.
    expect((await choose("facebook", BOOKS.id, admin)).status).toBe(409);
    const after = JSON.stringify((await run(settingsPage, get("/settings", admin))).body);
    expect(after).toContain("Connected as Bright Path Books");

    // Encryption at rest: neither the app secret nor the Page token is in the database files.
    const bytes = await databaseBytes();
    expect(bytes.includes(Buffer.from(SECRET))).toBe(false);
    expect(bytes.includes(Buffer.from((await connectionTokens("facebook"))!.accessToken))).toBe(false);
  });

  it("connects the one Page at once, and says why when the member manages none", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await saveMetaApp(admin);
    fake.pages = [];
    const none = await connect("facebook", admin);
    expect(none.outcome.status).toBe(409);
    expect((none.outcome.body as { formError: string }).formError).toMatch(
      /^Facebook connected no Page: the account you signed in with manages none/,
    );
    fake.pages = [COFFEE];
    const one = await connect("facebook", admin);
    expect(one.outcome.headers.get("Location")).toBe("/settings?tab=integrations&connected=facebook");
    expect(await integration("facebook")).toMatchObject({ handle: "Bright Path Coffee", accountId: "101" });
  });

  it("answers Meta's refusal of the code with its words (400), and connects nothing", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await saveMetaApp(admin);
    fake.failNext(`${GRAPH}/oauth/access_token`, {
      status: 400,
      body: { error: { message: "This authorization code has been used.", type: "OAuthException", code: 100 } },
    });
    const { outcome } = await connect("facebook", admin);
    expect(outcome.status).toBe(400);
    expect((outcome.body as { formError: string }).formError).toMatch(/^Facebook did not connect/);
    expect(await integration("facebook")).toMatchObject({ accessTokenEnc: null });
  });
});

describe("posting to a Facebook Page", () => {
  it("posts the text to the Page's feed, or the image and text as a photo, with the Page's token; stores Meta's id and address", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await connectPage(admin);
    const plain = await publishedItem();
    expect(await deliverDueChannelPosts()).toMatchObject({ sent: 1, failed: 0 });
    const feed = fake.posts[0];
    expect(feed).toMatchObject({ network: "facebook", path: `${GRAPH}/101/feed` });
    const row = await postOf(plain.id, "facebook");
    expect(feed.fields.message).toContain(row.text);
    expect(feed.fields.message).toContain("http://localhost:3000/l/");
    expect(feed.token).toBe((await connectionTokens("facebook"))!.accessToken);
    expect(row).toMatchObject({ status: "published", externalId: expect.stringMatching(/^101_\d+$/) });
    expect(row.externalUrl).toBe(`${fake.base}/${row.externalId}`);

    const pictured = await publishedItem(JPEG);
    expect(await deliverDueChannelPosts()).toMatchObject({ sent: 1 });
    const photo = fake.posts[1];
    expect(photo).toMatchObject({ path: `${GRAPH}/101/photos`, imageBytes: JPEG.length });
    expect(photo.fields).toMatchObject({ published: "true" });
    // A multipart form sends line breaks as CRLF.
    expect(photo.fields.message.replace(/\r\n/g, "\n")).toContain((await postOf(pictured.id, "facebook")).text);
    expect((await postOf(pictured.id, "facebook")).externalId).toMatch(/^101_\d+$/);
  });

  it("reads Meta's codes: 190 holds the channel as Needs reconnecting, 4 waits without counting, 100 fails with Meta's words", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await connectPage(admin);
    const first = await publishedItem();
    const now = Date.now();
    fake.failNext(`${GRAPH}/101/feed`, { status: 400, body: { error: { message: "(#4) Application request limit reached", code: 4 } } });
    await deliverDueChannelPosts(new Date(now));
    const limited = await postOf(first.id, "facebook");
    expect(limited).toMatchObject({ status: "publishing", attempts: 0 });
    expect(limited.nextAttemptAt!.getTime()).toBeGreaterThan(now);
    expect(limited.lastError).toMatch(/^Facebook is limiting posts/);
    expect(await deliverDueChannelPosts(limited.nextAttemptAt!)).toMatchObject({ sent: 1 });

    const second = await publishedItem();
    fake.failNext(`${GRAPH}/101/feed`, {
      status: 400,
      body: { error: { message: "(#100) The message is too long.", type: "OAuthException", code: 100 } },
    });
    await deliverDueChannelPosts(limited.nextAttemptAt!);
    expect(await postOf(second.id, "facebook")).toMatchObject({
      status: "failed",
      lastError: "Facebook refused the post: (#100) The message is too long.",
    });

    const third = await publishedItem();
    fake.failNext(`${GRAPH}/101/feed`, { status: 400, body: expiredSession });
    expect(await deliverDueChannelPosts(limited.nextAttemptAt!)).toMatchObject({ held: 1, failed: 0 });
    expect(await postOf(third.id, "facebook")).toMatchObject({ status: "publishing", attempts: 0 });
    expect((await integration("facebook")).reconnectReason).toBe(
      "Facebook no longer accepts the studio's access: Error validating access token: Session has expired.",
    );
    const page = JSON.stringify((await run(settingsPage, get("/settings", admin))).body);
    expect(page).toContain("Needs reconnecting: Facebook no longer accepts");
  });
});

describe("Instagram through the same Meta app", () => {
  it("has no app of its own: Connect asks for the Meta app under Facebook first", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    const refused = await run(settings, post("/settings", { intent: "network-connect", platform: "instagram" }, admin));
    expect(refused.status).toBe(409);
    expect((refused.body as Reply).formError).toBe(
      "Enter your Meta app's id and secret under Facebook first; Instagram connects through the same app.",
    );
    const own = await run(
      settings,
      post("/settings", { intent: "network-app", platform: "instagram", clientId: "x", clientSecret: "y" }, admin),
    );
    expect(own.status).toBe(404);
  });

  it("connects the Instagram account linked to a Page with the long-lived user token, and shows when it runs out", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await saveMetaApp(admin);
    const { dialog, outcome } = await connect("instagram", admin);
    expect(dialog.searchParams.get("client_id")).toBe(APP_ID);
    expect(dialog.searchParams.get("scope")).toContain("instagram_content_publish");
    // Only one of the two Pages has an Instagram account: nothing to choose.
    expect(outcome.headers.get("Location")).toBe("/settings?tab=integrations&connected=instagram");
    expect(fake.calls.filter((c) => c.path === `${GRAPH}/101` || c.path === `${GRAPH}/202`)).toHaveLength(2);
    const row = await integration("instagram");
    expect(row).toMatchObject({ connected: true, handle: "@brightpathcoffee", accountId: "17841400001", refreshTokenEnc: null });
    expect((await connectionTokens("instagram"))!.accessToken).toMatch(/^long-/);
    const page = JSON.stringify((await run(settingsPage, get("/settings", admin))).body);
    expect(page).toContain("Connected as @brightpathcoffee · expires in 60 days");
  });

  it("says why when no Page has an Instagram account linked", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await saveMetaApp(admin);
    fake.pages = [BOOKS];
    const { outcome } = await connect("instagram", admin);
    expect(outcome.status).toBe(409);
    expect((outcome.body as { formError: string }).formError).toMatch(
      /none of the Pages you allowed has an Instagram professional account linked/,
    );
  });

  it("posts a JPEG in two steps (a container from the studio's public image address, then publish) and keeps the permalink", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await saveMetaApp(admin);
    await connect("instagram", admin);
    const item = await publishedItem(JPEG);
    expect(await deliverDueChannelPosts()).toMatchObject({ sent: 1, failed: 0 });
    const row = await postOf(item.id, "instagram");
    const [published] = fake.posts;
    expect(published.path).toBe(`${GRAPH}/17841400001/media_publish`);
    expect(published.fields.image_url).toBe(`http://localhost:3000${row.imageUrl}`);
    expect(published.fields.caption).toContain(row.text);
    expect(row).toMatchObject({ status: "published", externalId: published.fields.media_id });
    expect(row.externalUrl).toBe(`${fake.base}/p/${row.externalId}/`);
    // The container was kept on the post before it was published.
    expect(fake.containers.get(row.containerId!)).toMatchObject({ published: row.externalId });
  });

  it("keeps the post's id when Meta does not give its address, so it is never posted again", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await saveMetaApp(admin);
    await connect("instagram", admin);
    const item = await publishedItem(JPEG);
    // The only GET while posting is the permalink.
    fake.failNext(`${GRAPH}/`, { status: 500, body: { error: { message: "An unknown error occurred", code: 1 } } }, "GET");
    expect(await deliverDueChannelPosts()).toMatchObject({ sent: 1 });
    const row = await postOf(item.id, "instagram");
    expect(row).toMatchObject({ status: "published", externalId: fake.posts[0].fields.media_id });
    expect(row.externalUrl).toBe(`${fake.base}/brightpathcoffee/`);
    expect(await deliverDueChannelPosts(new Date(Date.now() + 3600_000))).toMatchObject({ sent: 0 });
    expect(fake.posts).toHaveLength(1);
  });

  it("asks the kept container after a lost answer to the publish, and records the post instead of posting it again", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await saveMetaApp(admin);
    await connect("instagram", admin);
    const item = await publishedItem(JPEG);
    fake.loseNextAnswer(`${GRAPH}/17841400001/media_publish`);
    expect(await deliverDueChannelPosts()).toMatchObject({ retry: 1 });
    expect(fake.posts).toHaveLength(1);
    const waiting = await postOf(item.id, "instagram");
    expect(waiting).toMatchObject({ status: "publishing", externalId: null });
    expect(await deliverDueChannelPosts(new Date(Date.now() + 3600_000))).toMatchObject({ sent: 1 });
    expect(fake.posts).toHaveLength(1);
    expect(fake.containers.size).toBe(1);
    expect(await postOf(item.id, "instagram")).toMatchObject({
      status: "published",
      externalId: waiting.containerId,
      externalUrl: `${fake.base}/brightpathcoffee/`,
    });
  });

  it("publishes the kept container when the first try failed before publishing, making no second one", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await saveMetaApp(admin);
    await connect("instagram", admin);
    const item = await publishedItem(JPEG);
    fake.failNext(`${GRAPH}/17841400001/media_publish`, {
      status: 400,
      body: { error: { message: "Media ID is not available", code: 9007, error_subcode: 2207027 } },
    });
    expect(await deliverDueChannelPosts()).toMatchObject({ retry: 1 });
    expect(await deliverDueChannelPosts(new Date(Date.now() + 3600_000))).toMatchObject({ sent: 1 });
    expect(fake.containers.size).toBe(1);
    expect(fake.posts).toHaveLength(1);
    expect(await postOf(item.id, "instagram")).toMatchObject({ status: "published", externalId: fake.posts[0].fields.media_id });
  });

  it("tries a container Meta could not make (code 1) again later, and publishes once", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await saveMetaApp(admin);
    await connect("instagram", admin);
    const item = await publishedItem(JPEG);
    fake.failNext(`${GRAPH}/17841400001/media`, { status: 500, body: { error: { message: "An unknown error occurred", code: 1 } } });
    expect(await deliverDueChannelPosts()).toMatchObject({ retry: 1 });
    expect(await postOf(item.id, "instagram")).toMatchObject({
      status: "publishing",
      attempts: 1,
      lastError: "Instagram could not take the post yet: An unknown error occurred",
    });
    expect(await deliverDueChannelPosts(new Date(Date.now() + 3600_000))).toMatchObject({ sent: 1 });
    expect(fake.posts).toHaveLength(1);
  });

  it("refuses a post without an image, or with a PNG, before anything is sent, with the reason", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await saveMetaApp(admin);
    await connect("instagram", admin);
    const calls = fake.calls.length;
    const bare = await publishedItem();
    await deliverDueChannelPosts();
    expect(await postOf(bare.id, "instagram")).toMatchObject({
      status: "failed",
      lastError: "Instagram posts need an image: add one to the Instagram post, then try again.",
    });
    const png = await publishedItem(PNG);
    await deliverDueChannelPosts();
    expect((await postOf(png.id, "instagram")).lastError).toBe(
      "Instagram takes JPEG images only; this post's image is PNG. Use a JPEG for the Instagram post.",
    );
    expect(fake.calls.length).toBe(calls);
  });

  it("asks for reconnecting when the long-lived token runs out: Meta gives no way to renew it", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await saveMetaApp(admin);
    fake.longSeconds = 300;
    await connect("instagram", admin);
    const item = await publishedItem(JPEG);
    expect(await deliverDueChannelPosts()).toMatchObject({ held: 1 });
    expect(fake.posts).toHaveLength(0);
    expect((await integration("instagram")).reconnectReason).toBe("its access ran out and the network gives no way to renew it");
    expect(await postOf(item.id, "instagram")).toMatchObject({ status: "publishing" });
  });
});
