import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./fixtures";
import { SCREENS } from "./routes";

// axe-core on every screen and the sign-in page: no serious or critical violation (WCAG 2.1 A/AA rules).
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(" | ")}`,
    );
}

for (const screen of SCREENS) {
  test(`axe finds no serious or critical violation on ${screen.label}`, async ({ page }) => {
    await page.goto(screen.path);
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("axe finds no serious or critical violation on the sign-in page", async ({ browser }) => {
  const page = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
  await page.goto("/login");
  expect(await seriousViolations(page)).toEqual([]);
});

test("every screen is reachable by keyboard, and the focused control shows a visible focus indicator", async ({ page }) => {
  await page.goto("/");
  for (const screen of SCREENS) {
    // Tab from the top of the page to the sidebar link for this screen, then press Enter.
    await page.locator("body").focus();
    let reached = false;
    for (let i = 0; i < 40 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = await page.evaluate(
        (label) => (document.activeElement?.textContent ?? "").trim() === label && document.activeElement?.tagName === "A",
        screen.label,
      );
    }
    expect(reached, `${screen.label} link reachable by Tab`).toBe(true);
    const indicator = await page.evaluate(() => {
      const s = getComputedStyle(document.activeElement!);
      return { outline: s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0, ring: s.boxShadow !== "none" };
    });
    expect(indicator.outline || indicator.ring, `${screen.label}: visible focus`).toBe(true);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${screen.path === "/" ? "/$" : screen.path}`));
  }
});
