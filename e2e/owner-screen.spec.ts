// The Owner's screen (/workspaces, decision 079) in a browser: reached from Settings, used by keyboard
// alone and without scripts, at 390 and 1440 px. The rules themselves are tested in Vitest
// (tests/workspaces-owner.test.ts); this checks the page a person uses.
import { expect, test } from "./fixtures";

// OWNER_SCREENS=docs/screens writes the screenshots (docs/screens/workspaces-*.png); otherwise none.
const SCREENS = process.env.OWNER_SCREENS;

test.describe("the Owner's screen without scripts", () => {
  test.use({ javaScriptEnabled: false });

  test("create with a bad name shows the message beside the field; create, rename and delete work as plain forms", async ({ page }) => {
    await page.goto("/settings");
    await page.getByRole("link", { name: "Workspaces" }).click();
    await expect(page.getByRole("heading", { name: "Workspaces", level: 1 })).toBeVisible();

    await page.getByRole("button", { name: "Create workspace" }).click(); // empty: the browser's required stops it
    const name = page.locator("#create-name");
    await name.fill("Brightpath marketing");
    await page.getByRole("button", { name: "Create workspace" }).click();
    await expect(page.locator("#create-name-error")).toHaveText("Another workspace already has this name.");
    await expect(page.locator("#create-name")).toHaveAttribute("aria-invalid", "true");

    await page.locator("#create-name").fill("Owner Screen Co");
    await page.getByRole("button", { name: "Create workspace" }).click();
    await expect(page.getByRole("status")).toContainText("Created “Owner Screen Co”");
    const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Owner Screen Co" }) });
    await expect(row).toContainText("1 member · 0 items");

    await row.getByLabel("Name").fill("Owner Screen Group");
    await row.getByRole("button", { name: "Rename" }).click();
    const renamed = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Owner Screen Group" }) });
    await expect(renamed).toBeVisible();

    await renamed.locator("summary").click();
    await renamed.getByLabel("Type “Owner Screen Group” to delete it").fill("owner screen group");
    await renamed.getByRole("button", { name: "Delete for good" }).click();
    const again = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Owner Screen Group" }) });
    await expect(again.getByText("Type the workspace's name exactly as shown to delete it.")).toBeVisible();
    await again.getByLabel("Type “Owner Screen Group” to delete it").fill("Owner Screen Group");
    await again.getByRole("button", { name: "Delete for good" }).click();
    await expect(page.getByRole("status")).toContainText("Deleted “Owner Screen Group”");
    await expect(page.getByRole("heading", { name: "Owner Screen Group" })).toHaveCount(0);
    const audit = page.getByRole("region", { name: "Studio audit log" });
    await expect(audit.getByRole("listitem").first()).toContainText("Deleted a workspace · Owner Screen Group");
  });
});

test("by keyboard alone, at 1440 and 390 px", async ({ page }) => {
  await page.goto("/workspaces");
  await page.locator("#create-name").focus();
  await page.keyboard.type("Keyboard Co");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toContainText("Created “Keyboard Co”");
  await expect(page.locator("#create-name")).toHaveValue("");
  if (SCREENS) await page.screenshot({ path: `${SCREENS}/workspaces-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  if (SCREENS) await page.screenshot({ path: `${SCREENS}/workspaces-390.png`, fullPage: true });

  // Delete it again by keyboard: open the row's details, type the name, submit.
  const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Keyboard Co" }) });
  await row.locator("summary").focus();
  await page.keyboard.press("Enter");
  await row.getByLabel("Type “Keyboard Co” to delete it").focus();
  await page.keyboard.type("Keyboard Co");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Keyboard Co" })).toHaveCount(0);
});
