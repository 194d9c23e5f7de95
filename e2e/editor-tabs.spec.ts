import { expect, test } from "./fixtures";
import { waitForHydration } from "./utils";

test.describe("on a phone-sized screen", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the editor's side panel is tabs under the text, by pointer and by arrow keys", async ({ page }) => {
    await page.goto("/editor?id=content-sample");
    await waitForHydration(page);
    const tabs = page.getByRole("tablist", { name: "Editor panels" });
    await expect(tabs).toBeVisible();
    await expect(tabs.getByRole("tab", { name: "Assistant" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("voice-score")).toBeVisible();
    await expect(page.getByTestId("comments")).toBeHidden();

    await tabs.getByRole("tab", { name: "Comments" }).click();
    await expect(page.getByTestId("comments")).toBeVisible();
    await expect(page.getByTestId("voice-score")).toBeHidden();

    await tabs.getByRole("tab", { name: "Comments" }).press("ArrowRight");
    await expect(tabs.getByRole("tab", { name: "Team" })).toBeFocused();
    await expect(page.getByTestId("collaborator").first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test("on a wide screen every panel shows at once and there are no tabs", async ({ page }) => {
  await page.goto("/editor?id=content-sample");
  await expect(page.getByTestId("comments")).toBeVisible();
  await expect(page.getByTestId("voice-score")).toBeVisible();
  await expect(page.getByRole("tablist", { name: "Editor panels" })).toBeHidden();
});
