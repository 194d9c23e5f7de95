import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./fixtures";
import { createWaitingRun } from "./factory";
import { SCREENS } from "./routes";
import { allSaved, editable, openEditor } from "./rich-body";
import { waitForHydration } from "./utils";

// The "phone" project: 390 × 844, touch. Every screen reads without sideways scrolling, and the
// journeys that matter on a phone work: the drawer, the editor, the library filters, approving a
// workflow run, a setting.

async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector("main")!;
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      main: main.scrollWidth - main.clientWidth,
    };
  });
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes[0]?.target}`);
}

for (const screen of SCREENS) {
  test(`${screen.label} fits a phone: no sideways scroll, heading in view, axe clean`, async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await page.goto(screen.path);
    await page.waitForLoadState("networkidle");
    expect(await sidewaysOverflow(page)).toEqual({ page: 0, main: 0 });
    const heading = page.getByRole("heading", { level: 1 });
    const box = (await heading.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    // The sidebar is a closed drawer: out of sight and out of the tab order.
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test("the drawer: the menu button opens it with focus inside, Escape and the backdrop close it, a link navigates", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const menu = page.getByRole("link", { name: "Menu", exact: true });
  const nav = page.getByRole("navigation", { name: "Main" });
  await menu.tap();
  await expect(nav).toBeVisible();
  await expect(page.getByRole("link", { name: "Close menu" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(nav).toBeHidden();
  await expect(menu).toBeFocused();

  await menu.tap();
  await page.getByTestId("drawer-backdrop").tap({ position: { x: 370, y: 400 } });
  await expect(nav).toBeHidden();

  await menu.tap();
  await nav.getByRole("link", { name: "Content Library" }).tap();
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Content Library");
  await expect(nav).toBeHidden();
});

test("the shell's controls are at least 44 × 44 px to touch", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const small = async (scope: string) =>
    page.locator(scope).evaluateAll((roots) =>
      roots.flatMap((root) =>
        [...root.querySelectorAll<HTMLElement>("a[href], button, input, select, summary")]
          .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden")
          .map((el) => ({ name: el.getAttribute("aria-label") ?? el.textContent?.trim() ?? el.tagName, box: el.getBoundingClientRect() }))
          .filter(({ box }) => box.width < 44 || box.height < 44)
          .map(({ name, box }) => `${name}: ${Math.round(box.width)}×${Math.round(box.height)}`),
      ),
    );
  expect(await small("header")).toEqual([]);
  await page.getByRole("link", { name: "Menu", exact: true }).tap();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  // Measured once the drawer has slid in: mid-slide, a box can come out a fraction of a pixel short.
  await page.locator("#nav-drawer").evaluate((drawer) => Promise.all(drawer.getAnimations().map((a) => a.finished)));
  expect(await small("#nav-drawer")).toEqual([]);
});

test("Settings' form buttons are 44 px tall to touch", async ({ page }) => {
  await page.goto("/settings/website");
  for (const name of ["Add site", "Save options"]) {
    const box = (await page.getByRole("button", { name, exact: true }).boundingBox())!;
    expect(box.height, name).toBeGreaterThanOrEqual(44);
  }
});

test("write and save in the editor", async ({ page }) => {
  const body = await openEditor(page, "content-013");
  await body.tap();
  await page.keyboard.press("Control+End");
  await body.pressSequentially(" Written on a phone.");
  await expect(allSaved(page)).toBeVisible();
  await page.reload();
  await expect(body).toContainText("Written on a phone.");
});

test("filter the library by type and tag from More Filters", async ({ page }) => {
  await page.goto("/library");
  await waitForHydration(page);
  await page.locator("summary", { hasText: "More Filters" }).tap();
  await page.getByLabel("Type").selectOption("social");
  await expect(page).toHaveURL(/type=social/);
  await expect(page.getByTestId("content-card").first()).toBeVisible();
  for (const card of await page.getByTestId("content-card").all()) await expect(card).toContainText("Social");
  const tag = page.getByRole("checkbox").first();
  const name = await tag.getAttribute("value");
  await tag.tap();
  await expect(page).toHaveURL(new RegExp(`tag=${encodeURIComponent(name!).replace(/%20/g, "\\+")}`));
  expect(await sidewaysOverflow(page)).toEqual({ page: 0, main: 0 });
});

test("approve an item in review", async ({ page }) => {
  await page.goto("/library?status=review");
  await page
    .getByTestId("content-card")
    .first()
    .getByRole("link", { name: /^Edit / })
    .tap();
  // A client-side navigation: the editor's buttons act once its document has synced.
  await expect(page).toHaveURL(/\/editor\?id=/);
  await editable(page);
  await page.getByRole("button", { name: "Publish", exact: true }).tap();
  // A low brand-voice score asks for an explicit override first.
  const override = page.getByRole("alertdialog");
  const published = page.getByRole("heading", { level: 1 }).locator("..").getByText("Published", { exact: true });
  await expect(override.or(published)).toBeVisible();
  if (await override.isVisible()) await override.getByRole("button", { name: "Override and publish" }).tap();
  await expect(published).toBeVisible();
});

test("approve a workflow run the reviewer held", async ({ page, db }) => {
  const title = `Phone approval ${Date.now()}`;
  const runId = createWaitingRun(db, title);
  await page.goto("/workflow");
  await waitForHydration(page);
  const run = page.getByTestId("active-run").filter({ hasText: title });
  await expect(run).toHaveAttribute("data-status", "waiting");
  await run.getByRole("button", { name: `Approve “${title}”` }).tap();
  await expect(run).toHaveCount(0);
  // Approving the only step finishes the run, on the approver's record.
  const stored = () =>
    db.prepare("SELECT r.status, s.approvedById FROM WorkflowRun r JOIN WorkflowStep s ON s.runId = r.id WHERE r.id = ?").get(runId);
  await expect.poll(stored).toEqual({ status: "succeeded", approvedById: expect.stringMatching(/.+/) });
  expect(await sidewaysOverflow(page)).toEqual({ page: 0, main: 0 });
});

test("change a setting and see it saved", async ({ page }) => {
  await page.goto("/settings");
  await waitForHydration(page);
  const keywords = page.getByLabel("Brand Keywords");
  await keywords.fill("phone, touch, pocket");
  await page.getByRole("button", { name: "Save Changes" }).tap();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved" })).toBeVisible();
  await page.reload();
  await expect(keywords).toHaveValue("phone, touch, pocket");
});
