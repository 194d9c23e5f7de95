import { expect, test } from "@playwright/test";
import { expectNoThirdPartyRequests, forbidThirdPartyRequests } from "./utils";

test("grid by default with thumbnails, badges and three tags per card", async ({ page }) => {
  const outside = forbidThirdPartyRequests(page);
  await page.goto("/library");
  await expect(page.getByRole("status").filter({ hasText: "items" })).toHaveText("60 items");
  const card = page.getByTestId("content-card").first();
  await expect(card.getByRole("heading")).toHaveText("The Future of AI in Content Marketing");
  await expect(card).toContainText("Blog");
  await expect(card).toContainText("Draft");
  await expect(card).toContainText("Sarah Chen");
  await expect(card.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveCount(3);
  const img = card.locator("img");
  await expect(img).toHaveAttribute("src", /^\/thumbnails\//);
  expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  await expectNoThirdPartyRequests(outside);
});

test("list view shows two tags per row and survives reload", async ({ page }) => {
  await page.goto("/library");
  await page.getByRole("link", { name: "List view" }).click();
  await expect(page).toHaveURL(/view=list/);
  const row = page.getByTestId("content-row").first();
  await expect(row.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveCount(2);
  await page.reload();
  await expect(page.getByTestId("content-row")).toHaveCount(60);
});

test("search matches title or tag ignoring case", async ({ page }) => {
  await page.goto("/library");
  await page.getByRole("searchbox", { name: "Search by title or tag" }).fill("SEO TRENDS");
  await expect(page.getByTestId("content-card")).toHaveCount(1);
  await expect(page.getByTestId("content-card")).toContainText("10 SEO Trends to Watch This Quarter");
  await page.getByRole("searchbox", { name: "Search by title or tag" }).fill("instagram");
  await expect(page).toHaveURL(/q=instagram/);
  await expect.poll(() => page.getByTestId("content-card").count()).toBeGreaterThan(1);
  for (const card of await page.getByTestId("content-card").all()) await expect(card).toContainText(/instagram/i);
});

test("status filter offers the spec's options and filters", async ({ page }) => {
  await page.goto("/library");
  const select = page.getByRole("combobox", { name: "Status" });
  await expect(select.locator("option")).toHaveText(["All Status", "Published", "In Review", "Draft", "Archived"]);
  await select.selectOption("review");
  await expect(page).toHaveURL(/status=review/);
  await expect(page.getByTestId("content-card")).toHaveCount(6);
  for (const badge of await page.getByTestId("content-card").all()) await expect(badge).toContainText("In Review");
  await select.selectOption("draft");
  await expect(page.getByTestId("content-card")).toHaveCount(24);
});

test("an unknown filter gets a clear message", async ({ page }) => {
  const response = await page.goto("/library?status=deleted");
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("Unknown status filter.");
});
