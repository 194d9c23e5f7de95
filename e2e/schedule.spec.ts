import { expect, test } from "./fixtures";
import { allSaved, openEditor } from "./rich-body";
import { postForm } from "./utils";
import { ON_BRAND } from "../tests/fixtures/on-brand";

// Changes data: runs in the app project, on its worker's own server and database.
test("with 'Schedule posts for optimal timing' on, an approver schedules an item for the best slot, then can cancel", async ({
  page,
  baseURL,
}) => {
  const created = await postForm(page.request, baseURL!, "/content/new", { title: "Holiday teaser", type: "social", tags: "launch" });
  const location = created.headers()["location"];
  const body = await openEditor(page, new URL(location, baseURL).searchParams.get("id")!);
  await body.fill(ON_BRAND);
  await expect(allSaved(page)).toBeVisible();
  const status = page.locator("h1 + div");
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(status).toContainText("In Review");

  // The button names the slot analytics recommends for scheduling.
  await page.goto("/analytics");
  const slot = (await page.getByTestId("scheduling-slot").innerText()).match(/best slot: (\w+ \d{2}:00)–/)![1];
  await page.goto(location);
  const schedule = page.getByRole("button", { name: "Schedule for best time" });
  // Slot and time on the team's clock (Settings › Integrations: Europe/London in the seed).
  await expect(schedule).toHaveAttribute("title", new RegExp(`\\(${slot}–\\d{2}:00 \\(Europe/London\\), learnt from \\d+ posts\\)`));
  await schedule.click();
  const scheduled = page.getByTestId("scheduled-for");
  await expect(scheduled).toContainText(/Scheduled for [A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:00 \(Europe\/London\)/);
  await expect(scheduled).toContainText(` ${slot.slice(-5)} (Europe/London)`);
  await expect(status).toContainText("In Review");
  await expect(page.getByRole("button", { name: "Publish now" })).toBeEnabled();
  await page.reload();
  await expect(scheduled).toBeVisible();

  await page.goto("/");
  await expect(page.getByRole("region", { name: "Recent Activity" })).toContainText(/scheduled for \d{4}-\d{2}-\d{2} \d{2}:00 UTC/);

  await page.goto(location);
  await scheduled.getByRole("button", { name: "Cancel" }).click();
  await expect(scheduled).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Schedule for best time" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Publish", exact: true })).toBeEnabled();
});

test("with the setting off, there is nothing to schedule", async ({ page, baseURL }) => {
  await page.goto("/settings?tab=integrations");
  const toggle = page.getByRole("switch", { name: "Schedule posts for optimal timing" });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("status")).toHaveText("Settings saved");
  await page.goto("/analytics");
  await expect(page.getByTestId("scheduling-slot")).toContainText("(off in Settings › Integrations)");

  const created = await postForm(page.request, baseURL!, "/content/new", { title: "Unscheduled note", type: "blog", tags: "" });
  await page.goto(created.headers()["location"]);
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByRole("button", { name: "Publish", exact: true })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Schedule for best time" })).toHaveCount(0);

  await page.goto("/settings?tab=integrations");
  await page.getByRole("switch", { name: "Schedule posts for optimal timing" }).click();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("status")).toHaveText("Settings saved");
});
