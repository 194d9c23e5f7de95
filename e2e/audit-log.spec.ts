// Issue 37: an Admin filters Settings › Audit log by a member and exports it; the CSV holds exactly
// the rows the screen shows, in the same order.
import fs from "node:fs";
import Papa from "papaparse";
import { authFile } from "./accounts";
import { expect, test } from "./fixtures";

test("an Admin filters the audit log by a Writer and exports it: the CSV matches the screen", async ({ page, signedInMember }) => {
  const writer = await signedInMember("Writer", "Audited");
  for (const title of ["Audited first draft", "=Audited second draft"]) {
    await writer.page.goto("/content/new");
    await writer.page.getByLabel("Title").fill(title);
    await writer.page.getByLabel("Type").selectOption("blog");
    await writer.page.getByRole("button", { name: "Create draft" }).click();
    await expect(writer.page).toHaveURL(/\/editor\?id=/);
  }

  await page.goto("/settings");
  await page.getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  await page.getByLabel("Who").selectOption({ label: writer.name });
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`actor=${writer.id}`));

  const rows = page.getByRole("list", { name: "Audit entries" }).getByRole("listitem");
  await expect(rows).toHaveCount(2);
  const screen = await rows.evaluateAll((items) =>
    items.map((li) => {
      const cell = (name: string) => li.querySelector(`[data-cell="${name}"]`)?.textContent?.trim() ?? "";
      return [li.querySelector("time")?.getAttribute("datetime") ?? "", cell("actor"), cell("action"), cell("object")];
    }),
  );
  expect(screen.map((r) => [r[1], r[2], r[3]])).toEqual([
    [writer.name, "Created content", "=Audited second draft"],
    [writer.name, "Created content", "Audited first draft"],
  ]);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(download.url()).toContain(`actor=${writer.id}`);
  const csv = fs.readFileSync((await download.path())!, "utf8");
  const [header, ...exported] = Papa.parse<string[]>(csv.trimEnd()).data;
  expect(header.slice(0, 6)).toEqual(["when (UTC)", "actor kind", "actor", "action", "object type", "object"]);
  // The same rows as the screen; a title a spreadsheet would run as a formula is neutralised.
  expect(exported.map((r) => [r[0], r[2], r[3], r[5]])).toEqual(
    screen.map(([at, actor, action, object]) => [at, actor, action, object.replace(/^=/, "'=")]),
  );
});

test("at 375 px and without scripts, the filters and the retention form work and nothing scrolls sideways", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: authFile("Admin"),
    baseURL,
    viewport: { width: 375, height: 800 },
  });
  const page = await context.newPage();
  await page.goto("/settings/audit");
  await page.getByLabel("What").selectOption({ label: "Signed in" });
  await page.getByLabel("From").fill("2030-01-02");
  await page.getByLabel("To").fill("2030-01-01");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByLabel("To")).toHaveAccessibleDescription("The start date is after the end date.");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByLabel("Keep entries for (days)").fill("7");
  await page.getByRole("button", { name: "Save retention" }).click();
  await expect(page.getByLabel("Keep entries for (days)")).toHaveAccessibleDescription(/Keep the log at least 30 days\./);
  await page.getByLabel("Keep entries for (days)").fill("400");
  await page.getByRole("button", { name: "Save retention" }).click();
  await expect(page.getByRole("status")).toHaveText("The log now keeps rows for 400 days.");
  await page.goto("/settings/audit?action=settings.changed");
  await expect(page.getByRole("list", { name: "Audit entries" }).getByRole("listitem").first()).toContainText(
    "auditRetentionDays: 365 → 400",
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await context.close();
});
