// Issue 56: the calendar by keyboard is one Tab stop; the arrow keys move between days and into and
// among a day's posts, Tab reaches the focused post's own controls ("Move to…"), Enter opens it.
// And at 1440 px the "Ready to post by hand" badge is a short label on one line.
import { expect, test, type Page } from "./fixtures";
import { createChannelPost, deleteChannelPost, itemWithoutPosts } from "./factory";
import { waitForHydration } from "./utils";

const DAY = 86_400_000;
const focusedDay = (page: Page) => page.evaluate(() => document.activeElement?.closest("[data-day]")?.getAttribute("data-day") ?? null);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

test.describe("the calendar by keyboard", () => {
  let postId = "";
  test.afterEach(({ db }) => deleteChannelPost(db, postId));

  test("one Tab into the grid, arrows to a post, Tab to its Move to…, Enter opens it", async ({ page, db }) => {
    const item = itemWithoutPosts(db);
    const at = new Date(Date.now() + 2 * DAY);
    at.setUTCHours(12, 0, 0, 0);
    postId = createChannelPost(db, { contentId: item.id, channel: "twitter", status: "scheduled", scheduledAt: at });
    const day = at.toISOString().slice(0, 10);
    await page.goto(`/library?view=calendar&at=${day.slice(0, 7)}`);
    await waitForHydration(page);
    await page.getByRole("form", { name: "Calendar filters" }).getByLabel("Author").focus();
    await page.keyboard.press("Tab");
    const start = await focusedDay(page);
    expect(start, "one Tab from the last filter lands on a day of the grid").not.toBeNull();
    await expect(page.locator(":focus")).toHaveAttribute("data-testid", "calendar-day");
    // Only one element of the grid is in the Tab order (and the controls of the focused day or post).
    const grid = page.getByTestId("calendar-grid");
    expect(await grid.locator('[tabindex="0"][data-roving]').count()).toBe(1);
    const steps = daysBetween(start!, day);
    for (let i = 0; i < Math.abs(steps); i++) await page.keyboard.press(steps > 0 ? "ArrowRight" : "ArrowLeft");
    expect(await focusedDay(page)).toBe(day);
    const post = grid.locator(`[data-testid="calendar-entry"]`).filter({ hasText: item.title });
    for (let i = 0; i < 6 && !(await post.getByRole("link", { name: item.title }).evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press("ArrowDown");
    await expect(post.getByRole("link", { name: item.title })).toBeFocused();
    // Left and right go to the next day's cell, and back.
    await page.keyboard.press("ArrowRight");
    expect(await focusedDay(page)).toBe(new Date(Date.parse(day) + DAY).toISOString().slice(0, 10));
    await page.keyboard.press("ArrowLeft");
    expect(await focusedDay(page)).toBe(day);
    for (let i = 0; i < 6 && !(await post.getByRole("link", { name: item.title }).evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Tab");
    await expect(post.getByText("Move to…")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(post.getByLabel(`New day for ${item.title}`)).toBeVisible();
    await page.keyboard.press("Shift+Tab");
    await expect(post.getByRole("link", { name: item.title })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/editor\\?id=${item.id}`));
  });
});

test.describe("the by-hand badge at 1440 px", () => {
  let postId = "";
  test.afterEach(({ db }) => deleteChannelPost(db, postId));

  test("is one line, says By hand, and gives the full words to a screen reader", async ({ page, db }) => {
    const item = itemWithoutPosts(db);
    const at = new Date(Date.now() + DAY);
    at.setUTCHours(12, 0, 0, 0);
    postId = createChannelPost(db, { contentId: item.id, channel: "linkedin", status: "manual", scheduledAt: at });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/library?view=calendar&at=${at.toISOString().slice(0, 7)}`);
    const badge = page
      .locator('[data-testid="calendar-day"] [data-status="manual"]')
      .filter({ hasText: item.title })
      .getByTestId("post-status");
    await expect(badge).toBeVisible();
    const box = (await badge.boundingBox())!;
    const line = await badge.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect(box.height, "one line of text").toBeLessThanOrEqual(line + 6);
    await expect(badge).toHaveAttribute("title", "Ready to post by hand");
    await expect(badge.locator("[aria-hidden=true]")).toHaveText("By hand");
    await expect(badge.locator(".sr-only")).toHaveText("Ready to post by hand");
  });
});
