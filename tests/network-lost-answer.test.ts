// Never a double post on networks that take no idempotency key (issue 36, decision 042): the fake
// stores the post and loses its answer, and the retry reads the account's own posts first (X's
// timeline, LinkedIn's posts by author, the Facebook Page's published posts) and adopts the post
// instead of making a second. A retry the network has no post for posts once; a look that fails posts nothing.
import fs from "node:fs";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { action as settings } from "~/routes/settings/route";
import { deliverDueChannelPosts } from "~/services/channel-delivery.server";
import { GRAPH, startFakeMeta, useFakeMeta, type FakeMeta } from "./fake-meta";
import { startFakeNetwork, useFakeNetwork, type FakeNetwork } from "./fake-network";
import { followConsent, postOf, publishedItem } from "./network-helpers";
import { SAMPLE, cookieFor, freshSeed, post, run } from "./route-helpers";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const JPEG = fs.readFileSync(new URL("./fixtures/white-2x2.jpg", import.meta.url));
const HOUR = 3600_000;
let net: FakeNetwork;
let meta: FakeMeta;

beforeAll(async () => {
  net = await startFakeNetwork();
  useFakeNetwork(net.base);
  meta = await startFakeMeta();
  useFakeMeta(meta.base);
});
afterAll(async () => {
  await net.close();
  await meta.close();
});
beforeEach(async () => {
  await freshSeed();
  net.apps.clear();
  net.posts.length = 0;
  net.media.length = 0;
  net.lookups.length = 0;
  meta.reset();
  meta.pages = [{ id: "101", name: "Bright Path Coffee" }];
});
afterEach(() => net.revokeAll());

interface Network {
  channel: "twitter" | "linkedin" | "facebook";
  /** The post request whose answer the fake loses (or refuses). */
  postPath: string;
  /** The read of the account's own posts. */
  lookupPath: string;
  image: Buffer | null;
  connect(admin: string): Promise<void>;
  /** The posts the fake holds for this network: id and the text it was sent. */
  held(): { id: string; text: string }[];
  url(id: string): string;
  loseNextAnswer(): void;
  failNext(path: string, status: number): void;
  /** The fake holds a post of the account's with other words, made now. */
  addOther(): void;
}

async function connectOwnApp(network: "twitter" | "linkedin", admin: string) {
  net.apps.set(`${network}-client`, "app-secret-9f2c7d41e0");
  const fields = { intent: "network-app", platform: network, clientId: `${network}-client`, clientSecret: "app-secret-9f2c7d41e0" };
  expect((await run(settings, post("/settings", fields, admin))).status).toBe(200);
  expect((await followConsent(network, admin)).outcome.status).toBe(302);
}

const X: Network = {
  channel: "twitter",
  postPath: "/2/tweets",
  lookupPath: "/2/users/2244994945/tweets",
  image: PNG,
  connect: (admin) => connectOwnApp("twitter", admin),
  held: () => net.posts.filter((p) => p.network === "twitter").map((p) => ({ id: p.id, text: String(p.body.text) })),
  url: (id) => `${net.base}/brightpath/status/${id}`,
  loseNextAnswer: () => net.loseNextAnswer("/2/tweets"),
  failNext: (path, status) => net.failNext(path, { status }),
  addOther: () =>
    void net.posts.push({ network: "twitter", body: { text: "Coffee at nine, words at ten." }, token: "", id: "990001", at: Date.now() }),
};

const LINKEDIN: Network = {
  channel: "linkedin",
  postPath: "/rest/posts",
  lookupPath: "/rest/posts",
  image: PNG,
  connect: (admin) => connectOwnApp("linkedin", admin),
  held: () => net.posts.filter((p) => p.network === "linkedin").map((p) => ({ id: p.id, text: String(p.body.commentary) })),
  url: (id) => `${net.base}/feed/update/${id}/`,
  loseNextAnswer: () => net.loseNextAnswer("/rest/posts"),
  failNext: (path, status) =>
    net.failNext(path, { status, body: { status, message: "Not enough permissions to access: posts.FINDER-author" } }),
  addOther: () =>
    void net.posts.push({
      network: "linkedin",
      body: { author: "urn:li:person:782bbtaQ", commentary: "Coffee at nine, words at ten." },
      token: "",
      id: "urn:li:share:990001",
      at: Date.now(),
    }),
};

const FACEBOOK: Network = {
  channel: "facebook",
  postPath: `${GRAPH}/101/photos`,
  lookupPath: `${GRAPH}/101/published_posts`,
  image: JPEG,
  connect: async (admin) => {
    meta.apps.set("1234567890", "meta-secret-51f0c9a2d7");
    const fields = { intent: "network-app", platform: "facebook", clientId: "1234567890", clientSecret: "meta-secret-51f0c9a2d7" };
    expect((await run(settings, post("/settings", fields, admin))).status).toBe(200);
    expect((await followConsent("facebook", admin)).outcome.headers.get("Location")).toBe("/settings?tab=integrations&connected=facebook");
  },
  held: () => meta.posts.filter((p) => p.network === "facebook").map((p) => ({ id: p.id!, text: p.fields.message })),
  url: (id) => `${meta.base}/${id}`,
  loseNextAnswer: () => meta.loseNextAnswer(`${GRAPH}/101/photos`),
  // Meta refuses with a 400 and its code: 2 is temporary, 100 a refusal.
  failNext: (path, status) =>
    meta.failNext(path, {
      status: status === 500 ? 500 : 400,
      body: {
        error:
          status === 500 ? { message: "Service temporarily unavailable", code: 2 } : { message: "(#100) Missing permission", code: 100 },
      },
    }),
  addOther: () =>
    void meta.posts.push({
      network: "facebook",
      path: `${GRAPH}/101/feed`,
      fields: { message: "Coffee at nine, words at ten." },
      token: "",
      imageBytes: 0,
      id: "101_990001",
      at: Date.now(),
    }),
};

/** The reads of the account's own posts the fake saw. */
const lookups = (n: Network) =>
  n.channel === "facebook"
    ? meta.calls.filter((c) => c.method === "GET" && c.path === n.lookupPath).map((c) => c.path)
    : net.lookups.filter((l) => l.startsWith(`${n.lookupPath}?`));

describe.each([X, LINKEDIN, FACEBOOK])("$channel: a retry after a lost answer", (n) => {
  it("finds the post the network made and adopts its id and address instead of posting again", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await n.connect(admin);
    const item = await publishedItem(n.image);
    n.loseNextAnswer();
    expect(await deliverDueChannelPosts()).toMatchObject({ retry: 1 });
    expect(n.held()).toHaveLength(1);
    expect(await postOf(item.id, n.channel)).toMatchObject({ status: "publishing", attempts: 1, externalId: null });
    // The first try had nothing to look for.
    expect(lookups(n)).toHaveLength(0);

    expect(await deliverDueChannelPosts(new Date(Date.now() + HOUR))).toMatchObject({ sent: 1, retry: 0 });
    const [only] = n.held();
    expect(n.held()).toHaveLength(1);
    expect(lookups(n)).toHaveLength(1);
    expect(await postOf(item.id, n.channel)).toMatchObject({ status: "published", externalId: only.id, externalUrl: n.url(only.id) });
    // The image went up once: the retry sent nothing but the look.
    if (n.channel !== "facebook") expect(net.media).toHaveLength(1);
    expect(await prisma.publishDelivery.count({ where: { contentId: item.id, integrationId: n.channel } })).toBe(1);
  });

  it("posts once when the network has no such post (another post of the account's is not taken for it)", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await n.connect(admin);
    const item = await publishedItem(n.image);
    n.failNext(n.postPath, 500);
    expect(await deliverDueChannelPosts()).toMatchObject({ retry: 1 });
    expect(n.held()).toHaveLength(0);
    n.addOther();
    expect(await deliverDueChannelPosts(new Date(Date.now() + HOUR))).toMatchObject({ sent: 1 });
    expect(lookups(n)).toHaveLength(1);
    const ours = n.held().filter((p) => p.text !== "Coffee at nine, words at ten.");
    expect(ours).toHaveLength(1);
    expect(await postOf(item.id, n.channel)).toMatchObject({ status: "published", externalId: ours[0].id, externalUrl: n.url(ours[0].id) });
    expect(await deliverDueChannelPosts(new Date(Date.now() + 2 * HOUR))).toMatchObject({ sent: 0 });
    expect(n.held()).toHaveLength(2);
  });

  it("does not post blind when the look fails: the retry waits, then adopts the post", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    await n.connect(admin);
    const item = await publishedItem(n.image);
    n.loseNextAnswer();
    expect(await deliverDueChannelPosts()).toMatchObject({ retry: 1 });
    // A refusal of the read (a missing read permission) waits like a 500: it is not the post's fault.
    n.failNext(n.lookupPath, 403);
    expect(await deliverDueChannelPosts(new Date(Date.now() + HOUR))).toMatchObject({ retry: 1, failed: 0, sent: 0 });
    expect(n.held()).toHaveLength(1);
    const waiting = await postOf(item.id, n.channel);
    expect(waiting).toMatchObject({ status: "publishing", attempts: 2, externalId: null });
    expect(waiting.lastError).toMatch(/^Could not check whether an earlier try went out: /);
    expect(await deliverDueChannelPosts(new Date(Date.now() + 2 * HOUR))).toMatchObject({ sent: 1 });
    expect(n.held()).toHaveLength(1);
    expect(await postOf(item.id, n.channel)).toMatchObject({ status: "published", externalId: n.held()[0].id });
  });
});
