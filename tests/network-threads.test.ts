// Threads against a fake Threads API on loopback (decision 051): its own app, OAuth on threads.net,
// the long-lived exchange, renewal a week before the end (th_refresh_token), a refused renewal as
// "Needs reconnecting", posting as container then publish (text or image), Meta's error codes.
import { idInWorkspace } from "~/db/workspace-keys.server";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { connectionTokens } from "~/models/integration.server";
import { action as settings, loader as settingsPage } from "~/routes/settings/route";
import { deliverDueChannelPosts } from "~/services/channel-delivery.server";
import { THREADS, THREADS_USER, expiredSession } from "./fake-meta";
import { fakeMetaPerTest } from "./fake-meta-per-test";
import { databaseBytes, followConsent, postOf, publishedItem } from "./network-helpers";
import { SAMPLE, cookieFor, get, post, run } from "./route-helpers";

const SECRET = "threads-secret-0c7e2b91aa";
const APP_ID = "9876543210";
const JPEG = fs.readFileSync(new URL("./fixtures/white-2x2.jpg", import.meta.url));
const DAY = 86_400;
const fake = await fakeMetaPerTest();

const integration = () => prisma.integration.findUniqueOrThrow({ where: idInWorkspace("threads") });

async function connectThreads(cookie: string) {
  fake.threadsApps.set(APP_ID, SECRET);
  const saved = await run(
    settings,
    post("/settings", { intent: "network-app", platform: "threads", clientId: APP_ID, clientSecret: SECRET }, cookie),
  );
  expect(saved.status).toBe(200);
  return followConsent("threads", cookie);
}

describe("connecting Threads", () => {
  it("signs in on threads.net with its own app, keeps the long-lived token sealed and shows when it runs out", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    const { dialog, outcome } = await connectThreads(admin);
    expect(dialog.pathname).toBe("/oauth/authorize");
    expect(dialog.searchParams.get("scope")).toBe("threads_basic,threads_content_publish,threads_manage_insights");
    expect(outcome.headers.get("Location")).toBe("/settings?tab=integrations&connected=threads");
    expect(fake.tokenGrants).toEqual(["authorization_code", "th_exchange_token"]);
    // The account is the person: its id is the one Threads' uninstall and delete callbacks name.
    expect(await integration()).toMatchObject({
      connected: true,
      handle: "@brightpath",
      accountId: THREADS_USER.id,
      networkUserId: THREADS_USER.id,
    });
    const tokens = (await connectionTokens("threads"))!;
    expect(tokens.accessToken).toMatch(/^th-long-/);
    const page = JSON.stringify((await run(settingsPage, get("/settings", admin))).body);
    expect(page).toContain("Connected as @brightpath · expires in 60 days");
    const bytes = await databaseBytes();
    expect(bytes.includes(Buffer.from(SECRET))).toBe(false);
    expect(bytes.includes(Buffer.from(tokens.accessToken))).toBe(false);
  });
});

describe("posting to Threads", () => {
  it("posts text, or an image from the studio's public address, as a container then publish, and keeps the permalink", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await connectThreads(admin);
    const plain = await publishedItem();
    expect(await deliverDueChannelPosts()).toMatchObject({ sent: 1, failed: 0 });
    const [text] = fake.posts;
    const row = await postOf(plain.id, "threads");
    expect(text.path).toBe(`${THREADS}/${THREADS_USER.id}/threads_publish`);
    expect(text.fields).toMatchObject({ media_type: "TEXT" });
    expect(text.fields.text).toContain(row.text);
    expect(row).toMatchObject({ status: "published", externalId: text.fields.media_id });
    expect(row.externalUrl).toBe(`${fake.base}/@brightpath/post/C${row.externalId}`);

    const pictured = await publishedItem(JPEG);
    expect(await deliverDueChannelPosts()).toMatchObject({ sent: 1 });
    const image = fake.posts[1];
    expect(image.fields).toMatchObject({
      media_type: "IMAGE",
      image_url: `http://localhost:3000${(await postOf(pictured.id, "threads")).imageUrl}`,
    });
  });

  it("asks the kept container after a lost answer to the publish, and never posts twice", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await connectThreads(admin);
    const item = await publishedItem();
    fake.loseNextAnswer(`${THREADS}/${THREADS_USER.id}/threads_publish`);
    expect(await deliverDueChannelPosts()).toMatchObject({ retry: 1 });
    expect(await deliverDueChannelPosts(new Date(Date.now() + 3600_000))).toMatchObject({ sent: 1 });
    expect(fake.posts).toHaveLength(1);
    const row = await postOf(item.id, "threads");
    expect(row).toMatchObject({ status: "published", externalId: row.containerId, externalUrl: `${fake.base}/@brightpath` });
  });

  it("renews the long-lived token in its last week before posting, and asks for reconnecting when Threads refuses", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    fake.longSeconds = 3 * DAY;
    await connectThreads(admin);
    const before = (await connectionTokens("threads"))!.accessToken;
    fake.longSeconds = 60 * DAY;
    await publishedItem();
    expect(await deliverDueChannelPosts()).toMatchObject({ sent: 1 });
    expect(fake.tokenGrants).toEqual(["authorization_code", "th_exchange_token", "th_refresh_token"]);
    const after = (await connectionTokens("threads"))!;
    expect(after.accessToken).not.toBe(before);
    expect(fake.posts[0].token).toBe(after.accessToken);
    expect(after.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 59 * DAY * 1000);

    // A token in its last week that Threads no longer renews: the channel waits for a person.
    await prisma.integration.update({ where: idInWorkspace("threads"), data: { tokenExpiresAt: new Date(Date.now() + DAY * 1000) } });
    fake.revokeAll();
    const held = await publishedItem();
    expect(await deliverDueChannelPosts()).toMatchObject({ held: 1 });
    expect((await integration()).reconnectReason).toMatch(/^the network refused to renew the session \(Threads no longer accepts/);
    expect(await postOf(held.id, "threads")).toMatchObject({ status: "publishing", attempts: 0 });
  });

  it("reads Meta's codes: 613 waits without counting, 190 on a post holds the channel", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await connectThreads(admin);
    const first = await publishedItem();
    fake.failNext(`${THREADS}/${THREADS_USER.id}/threads`, {
      status: 400,
      body: { error: { message: "Calls within one hour exceeded", code: 613 } },
    });
    await deliverDueChannelPosts();
    const limited = await postOf(first.id, "threads");
    expect(limited).toMatchObject({ status: "publishing", attempts: 0 });
    expect(limited.lastError).toMatch(/^Threads is limiting posts/);

    fake.failNext(`${THREADS}/${THREADS_USER.id}/threads`, { status: 400, body: expiredSession });
    expect(await deliverDueChannelPosts(limited.nextAttemptAt!)).toMatchObject({ held: 1 });
    expect((await integration()).reconnectReason).toMatch(/^Threads no longer accepts the studio's access/);
    expect(fake.posts).toHaveLength(0);
  });
});
