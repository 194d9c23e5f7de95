import { expect, test, type Page } from "./fixtures";
import { SCREENS } from "./routes";
import { waitForHydration } from "./utils";

// Tab through each screen from the top: focus never lands in (or opens) a dialog it did not open,
// and every visible interactive element is reached.

const INTERACTIVE = "a[href], button, input, select, textarea, summary, [tabindex]";

/** Visible interactive elements that take focus by Tab, and not yet reached. */
function unreached(page: Page) {
  return page.evaluate((selector) => {
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((el) => {
        if (el.dataset.kbReached) return false;
        if (el.tabIndex < 0 || (el as HTMLButtonElement).disabled) return false;
        if (el instanceof HTMLInputElement && el.type === "hidden") return false;
        // A radio group is one Tab stop; arrow keys move within it.
        if (
          el instanceof HTMLInputElement &&
          el.type === "radio" &&
          document.querySelector(`input[type=radio][name="${el.name}"][data-kb-reached]`)
        )
          return false;
        if (el.closest("details:not([open])") && el.tagName !== "SUMMARY") return false;
        if (el.closest("[inert], dialog:not([open])")) return false;
        return el.checkVisibility({ visibilityProperty: true }) && el.getBoundingClientRect().width > 0;
      })
      .map((el) => `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`);
  }, INTERACTIVE);
}

for (const screen of SCREENS) {
  test(`Tab reaches everything on ${screen.label} and never lands in a dialog`, async ({ page }) => {
    await page.goto(screen.path);
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    await page.locator("body").focus();
    let seenSkipLink = 0;
    for (let i = 0; i < 500; i++) {
      await page.keyboard.press("Tab");
      const state = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (el && el !== document.body) el.dataset.kbReached = "1";
        return {
          skip: el?.textContent === "Skip to main content",
          inDialog: !!el?.closest("dialog, [role=dialog], [role=alertdialog]"),
          openDialogs: document.querySelectorAll("dialog[open]").length,
        };
      });
      expect(state.inDialog, "focus landed in a dialog").toBe(false);
      expect(state.openDialogs, "a dialog opened while tabbing").toBe(0);
      if (state.skip && ++seenSkipLink === 2) break; // round the page once
    }
    expect(seenSkipLink, "Tab went round the whole page").toBe(2);
    expect(await unreached(page)).toEqual([]);
  });
}

test("the skip link moves focus to the main content", async ({ page }) => {
  await page.goto("/library");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
});

test("an unknown URL shows a 404 inside the shell with a way back", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.getByRole("link", { name: "Back to the dashboard" }).click();
  await expect(page).toHaveURL(/\/$/);
});
