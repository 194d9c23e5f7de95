import { expect, test } from "./fixtures";

// The "empty" project: a studio with members, agents and settings but no content, runs or figures yet.
// Every chart, list and table says what is missing and offers a next step that leads somewhere.

test("the dashboard's empty lists say so and lead on", async ({ page }) => {
  await page.goto("/");
  const recent = page.getByRole("region", { name: "Recent Content" });
  await expect(recent.getByTestId("empty-state")).toContainText("Nothing written yet.");
  await expect(page.getByRole("region", { name: "Recent Activity" }).getByTestId("empty-state")).toContainText("No activity yet.");
  await recent.getByRole("link", { name: "queue a brief" }).click();
  await expect(page).toHaveURL(/\/workflow$/);
  await expect(page.getByRole("form", { name: "Add a brief" })).toBeVisible();
});

test("analytics without a view shows no empty chart, and points at the tracker", async ({ page }) => {
  await page.goto("/analytics");
  const empty = page.getByTestId("empty-state");
  await expect(empty.filter({ hasText: "No views or shares in this date range." })).toBeVisible();
  await expect(empty.filter({ hasText: "No views in this date range." })).toBeVisible();
  await expect(empty.filter({ hasText: "No content was viewed in this period." })).toBeVisible();
  await expect(empty.filter({ hasText: "No channel recorded anything in this period." })).toBeVisible();
  // The line chart is not drawn over nothing.
  await expect(page.locator("svg").filter({ has: page.locator("path[stroke]") })).toHaveCount(0);
  await empty.filter({ hasText: "No content was viewed" }).getByRole("link", { name: "add the tracker to your site" }).click();
  await expect(page).toHaveURL(/\/settings\/website$/);
});

test("the run log tells a first run from a filter that matches nothing", async ({ page }) => {
  await page.goto("/workflow/logs");
  await expect(page.getByTestId("empty-state")).toContainText("No runs yet.");
  await page.goto("/workflow/logs?status=failed");
  await expect(page.getByTestId("empty-state")).toContainText("No runs with this status.");
  await page.getByRole("link", { name: "Show every run" }).click();
  await expect(page).toHaveURL(/\/workflow\/logs$/);
});

test("the editor with nothing to edit offers the library and the dashboard", async ({ page }) => {
  const response = await page.goto("/editor");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("alert")).toContainText("There is no content to edit yet.");
  await page.getByRole("link", { name: "Open the Content Library" }).click();
  await expect(page.getByText("No content yet.")).toBeVisible();
});
