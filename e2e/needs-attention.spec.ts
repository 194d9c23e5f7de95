// The Dashboard's "Needs attention" at phone width: a failed post is listed with its reason, its link
// leads to the Channels page, Retry there handles it, and the list is gone when the Dashboard returns.
import { expect, test } from "./fixtures";

const ITEM = { id: "e2e-attention-item", title: "Attention launch notes" };
const POST = "e2e-attention-post";

test.use({ viewport: { width: 390, height: 844 } });

test.afterEach(({ db }) => {
  db.prepare(`DELETE FROM "ChannelPost" WHERE "contentId" = ?`).run(ITEM.id);
  db.prepare(`DELETE FROM "ActivityEvent" WHERE "contentId" = ?`).run(ITEM.id);
  db.prepare(`DELETE FROM "AuditEntry" WHERE "objectId" = ?`).run(POST);
  db.prepare(`DELETE FROM "ContentItem" WHERE "id" = ?`).run(ITEM.id);
});

test("a failed post waits on the Dashboard until it is retried (390 px)", async ({ page, db }) => {
  const now = new Date().toISOString().replace("Z", "+00:00");
  const author = (db.prepare(`SELECT "id" FROM "User" WHERE "email" = 'sarah@studio.test'`).get() as { id: string }).id;
  db.prepare(
    `INSERT INTO "ContentItem" ("workspaceId", "id", "title", "type", "status", "body", "authorId", "publishedAt", "createdAt", "updatedAt") VALUES ('first', ?, ?, 'blog', 'published', 'Body', ?, ?, ?, ?)`,
  ).run(ITEM.id, ITEM.title, author, now, now, now);
  db.prepare(
    `INSERT INTO "ChannelPost" ("workspaceId", "id", "contentId", "channel", "text", "status", "attempts", "lastError", "createdById", "createdAt", "updatedAt") VALUES ('first', ?, ?, 'linkedin', 'Out soon.', 'failed', 3, 'Failed after 3 attempts: LinkedIn webhook answered HTTP 500', ?, ?, ?)`,
  ).run(POST, ITEM.id, author, now, now);

  await page.goto("/");
  const list = page.getByRole("region", { name: /Needs attention/ });
  await expect(list.getByText("LinkedIn post failed")).toBeVisible();
  await expect(list).toContainText(`“${ITEM.title}”: Failed after 3 attempts: LinkedIn webhook answered HTTP 500`);
  // Nothing runs off the side of a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await list.getByRole("link", { name: "Retry or edit it" }).click();
  await expect(page).toHaveURL(new RegExp(`/content/${ITEM.id}/channels$`));
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByTestId("channels-panel")).not.toContainText("Failed after 3 attempts");

  await page.goto("/");
  await expect(page.getByRole("heading", { name: /Welcome back/ })).toBeVisible();
  await expect(page.getByRole("region", { name: /Needs attention/ })).toHaveCount(0);
});
