import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./fixtures";
import { authFile, signIn } from "./accounts";
import { expectNoThirdPartyRequests, forbidThirdPartyRequests, waitForHydration } from "./utils";

// Creates drafts, so it runs with the journeys, after the screens have checked the seed's figures.

const palette = (page: Page) => page.getByRole("dialog", { name: "Command palette" });
const combobox = (page: Page) => palette(page).getByRole("combobox", { name: "Search content or run a quick action" });
const options = (page: Page) => palette(page).getByRole("option");

/** The option the combobox points at with aria-activedescendant. */
async function activeOption(page: Page) {
  const id = await combobox(page).getAttribute("aria-activedescendant");
  expect(id).toBeTruthy();
  return page.locator(`[id="${id}"]`);
}

/** Opens the palette with a shortcut, or another gesture; retried, as the page may still be hydrating. */
async function openWith(page: Page, keys: string | (() => Promise<void>)) {
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(async () => {
    if (!(await palette(page).isVisible())) await (typeof keys === "string" ? page.keyboard.press(keys) : keys());
    await expect(palette(page)).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(palette(page)).toHaveAttribute("aria-modal", "true");
  await expect(combobox(page)).toBeFocused();
}

test.describe("command palette", () => {
  test("Ctrl+K, type, ArrowDown and Enter open the item in the editor", async ({ page }) => {
    const outside = forbidThirdPartyRequests(page);
    await page.goto("/library");
    await openWith(page, "Control+k");
    await page.keyboard.type("seo trends");
    const item = options(page).filter({ hasText: "10 SEO Trends to Watch This Quarter" });
    await expect(item).toBeVisible();
    await expect(options(page).first()).toHaveText(/Search the library for “seo trends”/);
    await expect(options(page).first()).toHaveAttribute("aria-selected", "true");

    await page.keyboard.press("ArrowDown");
    await expect(item).toHaveAttribute("aria-selected", "true");
    await expect(await activeOption(page)).toHaveText(/10 SEO Trends/);
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(/\/editor\?id=[^&]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("10 SEO Trends to Watch This Quarter");
    await expect(palette(page)).toBeHidden();
    await expectNoThirdPartyRequests(outside);
  });

  test("Meta+K works too, and a quick action goes to a screen by keyboard alone", async ({ page }) => {
    await page.goto("/");
    await openWith(page, "Meta+k");
    await expect(options(page).first()).toHaveText("New Blog Post");
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowDown");
    await expect(await activeOption(page)).toHaveText("Go to Analytics");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/analytics$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Analytics & Insights");
  });

  test("typing filters the quick actions; ArrowUp wraps to the last option", async ({ page }) => {
    await page.goto("/");
    await openWith(page, "Control+k");
    await page.keyboard.type("invite");
    await expect(options(page).last()).toHaveText("Invite a member");
    await page.keyboard.press("ArrowUp");
    await expect(await activeOption(page)).toHaveText("Invite a member");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/settings\?tab=team$/);
  });

  test("says so when no content matches, and Enter still searches the library", async ({ page }) => {
    await page.goto("/");
    await openWith(page, "Control+k");
    await page.keyboard.type("%_zz");
    await expect(palette(page).getByRole("status")).toHaveText("No content matches “%_zz”.");
    await expect(options(page)).toHaveText(["Search the library for “%_zz”"]);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/library\?q=%25_zz$/);
  });

  test("New Blog Post creates a draft and lands in its editor", async ({ page }) => {
    await page.goto("/workflow");
    await openWith(page, "Control+k");
    await expect(await activeOption(page)).toHaveText("New Blog Post");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/editor\?id=[^&]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Untitled blog post");
    const id = new URL(page.url()).searchParams.get("id");
    expect(id).not.toBe("content-sample");
    await page.goto("/library?q=Untitled+blog+post&status=draft");
    await expect(page.getByTestId("content-card").filter({ hasText: "Untitled blog post" }).first()).toBeVisible();
  });

  test("Escape closes and gives focus back; Tab stays inside while open", async ({ page }) => {
    await page.goto("/");
    const bell = page.getByRole("button", { name: /^Notifications/ });
    await bell.focus();
    await openWith(page, "Control+k");
    await page.keyboard.press("Tab");
    await expect(combobox(page)).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(combobox(page)).toBeFocused();
    await page.keyboard.type("brand");
    await page.keyboard.press("Escape");
    await expect(palette(page)).toBeHidden();
    await expect(bell).toBeFocused();
  });

  test("the top-bar search is a plain search field: focus never opens the palette, its button does, Enter searches", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const searchbox = page.getByRole("searchbox", { name: "Search content" });
    await searchbox.focus();
    await searchbox.click();
    await expect(palette(page)).toBeHidden(); // WCAG 3.2.1: focus alone changes nothing
    await expect(searchbox).toBeFocused();

    await openWith(page, () => page.getByRole("button", { name: /quick actions/ }).click());
    await page.keyboard.press("Escape");
    await expect(palette(page)).toBeHidden();

    await searchbox.fill("instagram");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/library\?q=instagram$/);
    await expect(page.getByTestId("content-card").first()).toBeVisible();
  });
});

test("the palette and the share dialog pass axe's accessibility checks", async ({ page }) => {
  await page.goto("/");
  await openWith(page, "Control+k");
  await page.keyboard.type("seo");
  await expect(options(page).nth(1)).toBeVisible();
  expect((await new AxeBuilder({ page }).include("dialog[open]").analyze()).violations).toEqual([]);
  await page.keyboard.press("Escape");

  const dialog = page.getByRole("dialog", { name: "Share content" });
  await page.getByRole("button", { name: "Share Content" }).click();
  await dialog.getByRole("region", { name: "Recent" }).getByRole("button").first().click();
  await expect(dialog.getByRole("button", { name: "Copy link" })).toBeVisible();
  expect((await new AxeBuilder({ page }).include("dialog[open]").analyze()).violations).toEqual([]);
});

test.describe("command palette for an Analyst", () => {
  test.use({ storageState: authFile("Analyst") });

  test("offers no New Blog Post and no invitations, but still finds content", async ({ page }) => {
    await page.goto("/");
    await openWith(page, "Control+k");
    await expect(options(page).first()).toHaveText("Go to Dashboard");
    await expect(options(page).filter({ hasText: "New Blog Post" })).toHaveCount(0);
    await expect(options(page).filter({ hasText: "Invite a member" })).toHaveCount(0);
    await page.keyboard.type("engagement rate");
    await expect(options(page).filter({ hasText: "The Analyst's Guide to Engagement Rate" })).toBeVisible();
  });
});

test.describe("signing out from the palette", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("ends the session", async ({ page }) => {
    await signIn(page, "marcus@studio.test"); // a session of its own, so the saved ones survive
    await openWith(page, "Control+k");
    await page.keyboard.type("sign out");
    await expect(await activeOption(page)).toHaveText(/Search the library/);
    await page.keyboard.press("ArrowUp");
    await expect(await activeOption(page)).toHaveText("Sign out");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/editor");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Feditor$/);
  });
});

test.describe("dashboard quick actions", () => {
  test("New Blog Post posts a new draft and opens it in the editor", async ({ page }) => {
    await page.goto("/");
    const card = page.getByRole("region", { name: "Quick Actions", exact: true });
    // Remix's single fetch posts to /content/new.data.
    const posted = page.waitForRequest((r) => r.method() === "POST" && /^\/content\/new(\.data)?$/.test(new URL(r.url()).pathname));
    await card.getByRole("button", { name: "New Blog Post" }).click();
    expect((await posted).postData()).toContain("title=Untitled+blog+post");
    await expect(page).toHaveURL(/\/editor\?id=[^&]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Untitled blog post");
  });

  test("Share Content picks an item and copies its link", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/");
    const share = page.getByRole("button", { name: "Share Content" });
    const dialog = page.getByRole("dialog", { name: "Share content" });
    await expect(async () => {
      if (!(await dialog.isVisible())) await share.click(); // a dialog needs the page hydrated
      await expect(dialog).toBeVisible({ timeout: 1000 });
    }).toPass();
    await expect(dialog.getByRole("searchbox", { name: "Find content" })).toBeFocused();
    await expect(dialog.getByRole("region", { name: "Recent" }).getByRole("button")).not.toHaveCount(0);

    await page.keyboard.type("Analyst's");
    const pick = dialog.getByRole("button", { name: /The Analyst's Guide to Engagement Rate/ });
    await pick.click();
    await expect(pick).toHaveAttribute("aria-pressed", "true");
    const link = dialog.getByRole("textbox", { name: "Link to “The Analyst's Guide to Engagement Rate”" });
    await expect(link).toHaveValue(new RegExp(`^${baseURL}/editor\\?id=[^&]+$`));
    const url = await link.inputValue();

    await dialog.getByRole("button", { name: "Copy link" }).click();
    await expect(dialog.getByRole("button", { name: "Copied" })).toBeVisible();
    await expect(dialog.getByRole("status").filter({ hasText: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(share).toBeFocused();
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Analyst's Guide to Engagement Rate");
  });
});

test.describe("dashboard quick actions for an Analyst", () => {
  test.use({ storageState: authFile("Analyst") });

  test("New Blog Post is disabled with the reason", async ({ page }) => {
    await page.goto("/");
    const button = page.getByRole("region", { name: "Quick Actions", exact: true }).getByRole("button", { name: "New Blog Post" });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute("title", /Analyst, you cannot create content/);
  });
});
