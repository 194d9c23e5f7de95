// A metrics pull shows the fake's likes on the item (decision 050): Bluesky is connected with an app
// password against the fake network, a post it took is due for its pull, and the server's puller
// reads its counts from the fake; the item's Channels panel then shows them.
import { E2E } from "./env";
import { expect, test } from "./fixtures";
import { FAKE_DID } from "../tests/fake-bluesky";
import { startFakeNetwork, type FakeNetwork } from "../tests/fake-network";

const HANDLE = "brightpath.bsky.social";
const ITEM = { id: "e2e-figures-item", title: "Figures come back" };
const URI = `at://${FAKE_DID}/app.bsky.feed.post/3kfigurese2e2`;
let fake: FakeNetwork;

test.beforeAll(async ({ server }) => {
  fake = await startFakeNetwork(E2E.networkPort(Number(new URL(server.url).port)));
  fake.bluesky.accounts.set(HANDLE, "abcd-efgh-ijkl-mnop");
  fake.counts.set(URI, { likes: 42, reposts: 7, replies: 3 });
});
test.afterAll(() => fake.close());

test("a metrics pull shows the fake's likes on the item", async ({ page, db }) => {
  await page.goto("/settings?tab=integrations");
  const bluesky = page.locator('[data-platform="bluesky"]');
  await bluesky.getByLabel("Handle").fill(HANDLE);
  await bluesky.getByLabel("App password").fill("abcd-efgh-ijkl-mnop");
  await bluesky.getByLabel("App password").press("Enter");
  await expect(bluesky.getByTestId("connection-state")).toContainText(`Connected as @${HANDLE}`);

  // A post Bluesky took two hours ago, its first pull due (written straight into this worker's database).
  const iso = (d: Date) => d.toISOString().replace("Z", "+00:00");
  const sent = new Date(Date.now() - 2 * 3_600_000);
  const author = (db.prepare(`SELECT "id" FROM "User" WHERE "email" = 'sarah@studio.test'`).get() as { id: string }).id;
  db.prepare(
    `INSERT INTO "ContentItem" ("workspaceId", "id", "title", "type", "status", "body", "authorId", "publishedAt", "createdAt", "updatedAt") VALUES ('first', ?, ?, 'blog', 'published', 'Body', ?, ?, ?, ?)`,
  ).run(ITEM.id, ITEM.title, author, iso(sent), iso(sent), iso(sent));
  db.prepare(
    `INSERT INTO "ChannelPost" ("workspaceId", "id", "contentId", "channel", "text", "status", "publishedAt", "externalId", "externalUrl", "createdById", "createdAt", "updatedAt") VALUES ('first', 'e2e-figures-post', ?, 'bluesky', 'Figures come back per post', 'published', ?, ?, ?, ?, ?, ?)`,
  ).run(ITEM.id, iso(sent), URI, `${fake.base}/profile/${HANDLE}/post/3kfigurese2e2`, author, iso(sent), iso(sent));
  db.prepare(
    `INSERT INTO "ChannelPostFigures" ("workspaceId", "channelPostId", "channel", "nextPullAt", "updatedAt") VALUES ('first', 'e2e-figures-post', 'bluesky', ?, ?)`,
  ).run(iso(new Date(Date.now() - 1000)), iso(sent));

  // The server's puller wakes on the write and asks the fake.
  await expect.poll(() => fake.countRequests.length, { timeout: 20_000 }).toBeGreaterThan(0);
  await expect
    .poll(
      () =>
        (
          db.prepare(`SELECT "likes" FROM "ChannelPostFigures" WHERE "channelPostId" = 'e2e-figures-post'`).get() as {
            likes: number | null;
          }
        ).likes,
    )
    .toBe(42);
  await page.goto(`/editor?id=${ITEM.id}`);
  const card = page.getByTestId("channel-post").filter({ has: page.getByRole("heading", { name: "Bluesky" }) });
  await expect(card.getByTestId("post-figures")).toContainText("42 likes · 7 reposts · 3 replies · updated just now");
});
