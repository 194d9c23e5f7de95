import { expect, test, type Page } from "./fixtures";
import { PAGE_SIZE } from "../app/domain/library-query";
import { authFile } from "./accounts";
import { expectNoThirdPartyRequests, forbidThirdPartyRequests, waitForHydration } from "./utils";

// Checks the seed's own figures: runs on the untouched database (playwright.config.ts).
const SEED = { tag: "@fresh-seed" };

const count = (page: Page) => page.getByRole("status").filter({ hasText: "items" });
const range = (page: Page) => page.getByTestId("page-range");
const pager = (page: Page, name: "Previous" | "Next") => page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name });
// The URL changes before React renders the new list (navigations render in a transition): wait for
// every card shown to match, which the unfiltered first page never does, before reading anything.
const expectOnlyCardsMatching = async (page: Page, term: RegExp) => {
  await expect(page.getByTestId("content-card").first()).toBeVisible();
  await expect(page.getByTestId("content-card").filter({ hasNotText: term })).toHaveCount(0);
};
const fromCompact = (text: string) => parseFloat(text) * ({ K: 1e3, M: 1e6 }[text.trim().slice(-1)] ?? 1);

test("grid by default with thumbnails, badges and three tags per card", SEED, async ({ page }) => {
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
  // A lazy image loads after the card shows: wait for it to have loaded, then that it has pixels.
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete)).toBe(true);
  expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth > 0)).toBe(true);
  await expectNoThirdPartyRequests(outside);
});

test("list view shows two tags per row and survives reload", SEED, async ({ page }) => {
  await page.goto("/library");
  await page.getByRole("link", { name: "List view" }).click();
  await expect(page).toHaveURL(/view=list/);
  const row = page.getByTestId("content-row").first();
  await expect(row.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveCount(2);
  await page.reload();
  await expect(count(page)).toHaveText("60 items");
  await expect(page.getByTestId("content-row")).toHaveCount(PAGE_SIZE);
});

test("search matches title or tag ignoring case", SEED, async ({ page }) => {
  await page.goto("/library");
  await waitForHydration(page);
  await page.getByRole("searchbox", { name: "Search titles, tags and text" }).fill("SEO TRENDS");
  await expect(page.getByTestId("content-card")).toHaveCount(1);
  await expect(page.getByTestId("content-card")).toContainText("10 SEO Trends to Watch This Quarter");
  await page.getByRole("searchbox", { name: "Search titles, tags and text" }).fill("instagram");
  await expect(page).toHaveURL(/q=instagram/);
  await expectOnlyCardsMatching(page, /instagram/i);
  expect(await page.getByTestId("content-card").count()).toBeGreaterThan(1);
});

test("status filter offers the spec's options and filters", SEED, async ({ page }) => {
  await page.goto("/library");
  const select = page.getByRole("combobox", { name: "Status" });
  await expect(select.locator("option")).toHaveText(["All Status", "Published", "In Review", "Draft", "Archived"]);
  await select.selectOption("review");
  await expect(page).toHaveURL(/status=review/);
  await expect(page.getByTestId("content-card")).toHaveCount(6);
  for (const badge of await page.getByTestId("content-card").all()) await expect(badge).toContainText("In Review");
  await select.selectOption("draft");
  await expect(count(page)).toHaveText("24 items");
  await expect(page.getByTestId("content-card")).toHaveCount(PAGE_SIZE);
  for (const badge of await page.getByTestId("content-card").all()) await expect(badge).toContainText("Draft");
});

test("an unknown filter gets a clear message", async ({ page }) => {
  const response = await page.goto("/library?status=deleted");
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("Unknown status filter.");
});

test("search, status, sort, view and page live in the URL and survive reload and back", async ({ page }) => {
  await page.goto("/library");
  await waitForHydration(page);
  await page.getByRole("combobox", { name: "Status" }).selectOption("published");
  await expect(page).toHaveURL(/status=published/);
  await page.getByRole("combobox", { name: "Sort by" }).selectOption("views");
  await expect(page).toHaveURL(/sort=views/);
  await page.getByRole("link", { name: "List view" }).click();
  await expect(page).toHaveURL(/view=list/);
  await expect(page.getByRole("link", { name: "List view" })).toHaveAttribute("aria-current", "true");
  const total = Number((await count(page).textContent())!.replace(/\D/g, ""));
  await expect(range(page)).toHaveText(`Showing 1–${Math.min(PAGE_SIZE, total)} of ${total}`);
  // Rows compared by title: the actions cell is a <details> menu until scripts run, a button after.
  const titles = page.getByTestId("content-row").locator("p[title]");
  const firstOnPage1 = await titles.first().textContent();

  await pager(page, "Next").click();
  await expect(page).toHaveURL(/page=2/);
  await expect(range(page)).toHaveText(`Showing ${PAGE_SIZE + 1}–${Math.min(2 * PAGE_SIZE, total)} of ${total}`);
  const rowsOnPage2 = await titles.allTextContents();
  expect(rowsOnPage2).not.toContain(firstOnPage1);
  // Most viewed first: the views column never rises down the page.
  const views = (await page.getByTestId("content-row").locator("td:nth-child(6)").allTextContents()).map(fromCompact);
  expect(views).toEqual([...views].sort((a, b) => b - a));
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("published");
  await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("views");
  await expect(titles).toHaveText(rowsOnPage2);

  await page.goBack();
  await expect(page).not.toHaveURL(/page=/);
  await expect(titles.first()).toHaveText(firstOnPage1!);
  await page.goBack();
  await expect(page).not.toHaveURL(/view=list/);
  await expect(page.getByTestId("content-card").first()).toBeVisible();
  await page.goBack();
  await expect(page).not.toHaveURL(/sort=views/);
  await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("newest");
});

test("a search survives reload and back, and the box follows the URL", SEED, async ({ page }) => {
  await page.goto("/library");
  await waitForHydration(page);
  const box = page.getByRole("searchbox", { name: "Search titles, tags and text" });
  await box.fill("instagram");
  await expect(page).toHaveURL(/q=instagram/);
  await expectOnlyCardsMatching(page, /instagram/i);
  const found = await count(page).textContent();
  await page.getByRole("link", { name: "List view" }).click();
  await expect(page).toHaveURL(/view=list/);
  await page.reload();
  await expect(box).toHaveValue("instagram");
  await expect(count(page)).toHaveText(found!);
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/library$/);
  await expect(box).toHaveValue("");
  await expect(count(page)).toHaveText("60 items");
});

test("the calendar's filters apply as soon as one is chosen, with no Apply button", async ({ page }) => {
  await page.goto("/library?view=calendar");
  await waitForHydration(page);
  const filters = page.getByRole("form", { name: "Calendar filters" });
  await expect(filters.getByRole("button", { name: "Apply" })).toHaveCount(0);
  await filters.getByLabel("Status").selectOption("scheduled");
  await expect(page).toHaveURL(/view=calendar.*postStatus=scheduled/);
  await filters.getByLabel("Channel").selectOption("twitter");
  await expect(page).toHaveURL(/channel=twitter.*postStatus=scheduled|postStatus=scheduled.*channel=twitter/);
});

test("a page past the end shows the last page", SEED, async ({ page }) => {
  await page.goto("/library?page=999");
  await expect(range(page)).toHaveText(/^Showing \d+–60 of 60$/);
  await expect(pager(page, "Next")).toHaveCount(0);
  await pager(page, "Previous").click();
  await expect(page.getByTestId("content-card")).toHaveCount(PAGE_SIZE);
});

test("wildcards are plain text, and an empty result offers to clear the filters", SEED, async ({ page }) => {
  await page.goto("/library?status=review");
  await waitForHydration(page);
  await page.getByRole("searchbox", { name: "Search titles, tags and text" }).fill("100%");
  await expect(page.getByText("No content matches “100%” in In Review.")).toBeVisible();
  await page.getByRole("link", { name: "clear the filters" }).click();
  await expect(page).toHaveURL(/\/library$/);
  await expect(count(page)).toHaveText("60 items");
});

test("New Content opens an accessible dialog; Escape closes it and gives focus back; errors show beside fields", async ({ page }) => {
  await page.goto("/library");
  const opener = page.getByRole("button", { name: "New Content" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "New content" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Title")).toBeFocused();
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await dialog.getByRole("button", { name: "Create draft" }).click();
  await expect(dialog.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByText("Give it a title.")).toBeVisible();
  await expect(dialog.getByText(/Choose a type/).last()).toBeVisible();
  await expect(dialog.getByLabel("Title")).toBeFocused();
  await expect(page).toHaveURL(/\/library$/);
});

test("Share copies the item's link and says so", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/library");
  const card = page.getByTestId("content-card").first();
  const title = await card.getByRole("heading").textContent();
  await card.getByRole("button", { name: `Share ${title}` }).click();
  await expect(page.getByTestId("library-notice")).toHaveText(`Link to “${title}” copied.`);
  const href = await card.getByRole("link", { name: `View ${title}` }).getAttribute("href");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(href!, baseURL).href);
});

test("View and Edit open the editor; the More menu works from the keyboard", async ({ page }) => {
  await page.goto("/library?status=draft");
  const card = page.getByTestId("content-card").first();
  const title = (await card.getByRole("heading").textContent())!;
  const more = card.getByRole("button", { name: `More actions for ${title}` });
  await more.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu", { name: `More actions for ${title}` });
  await expect(menu.getByRole("menuitem")).toHaveText(["Duplicate", "Archive", "Delete…"]);
  await expect(menu.getByRole("menuitem", { name: "Duplicate" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Archive" })).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(menu.getByRole("menuitem", { name: "Delete…" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();

  await card.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page).toHaveURL(/\/editor\?id=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await page.goBack();
  await page
    .getByTestId("content-card")
    .first()
    .getByRole("link", { name: `View ${title}` })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
});

test.describe("as an Analyst", () => {
  test.use({ storageState: authFile("Analyst") });

  test("reads and shares, but cannot create, edit or change items", async ({ page }) => {
    await page.goto("/library");
    await expect(page.getByRole("button", { name: "New Content" })).toBeDisabled();
    const card = page.getByTestId("content-card").first();
    await expect(card.getByRole("link", { name: /^View / })).toBeVisible();
    await expect(card.getByRole("link", { name: /^Edit / })).toHaveCount(0);
    await expect(card.getByRole("button", { name: /^Edit / })).toBeDisabled();
    await expect(card.getByRole("button", { name: /^Share / })).toBeEnabled();
    await expect(card.getByRole("button", { name: /^More actions for / })).toBeDisabled();
  });
});

test.describe("as a Writer", () => {
  test.use({ storageState: authFile("Writer") });

  test("may duplicate anything but archive and delete nothing", async ({ page }) => {
    await page.goto("/library?status=published");
    const card = page.getByTestId("content-card").first();
    await expect(card.getByRole("link", { name: /^Edit / })).toHaveCount(0);
    await expect(card.getByRole("button", { name: /^Edit / })).toBeDisabled();
    await card.getByRole("button", { name: /^More actions for / }).click();
    await expect(page.getByRole("menu").getByRole("menuitem")).toHaveText(["Duplicate"]);
  });
});

test("a view chosen offline says the studio could not be reached, and the screen keeps its shell", async ({ page }) => {
  await page.goto("/library");
  await waitForHydration(page);
  await page.context().setOffline(true);
  await page.getByRole("link", { name: "List view" }).click();
  const panel = page.getByRole("alert");
  await expect(panel).toContainText("Offline");
  await expect(panel).toContainText("The studio could not be reached. Check the connection, then reload the page.");
  await expect(page.getByRole("navigation").getByRole("link", { name: "Content Library" })).toBeVisible();
  await page.context().setOffline(false);
});
