import { expect, test, type Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { expectNoThirdPartyRequests, forbidThirdPartyRequests } from "./utils";

const SEEDED_CARDS = [
  ["Total Views", "12.5K", "+18%"],
  ["Total Shares", "3.2K", "+24%"],
  ["Avg. Time Spent", "2.4m", "+12%"],
  ["Engagement Rate", "85%", "+5%"],
] as const;

const card = (page: Page, title: string) => page.getByRole("region", { name: title, exact: true });

test("analytics shows the seeded figures, charts, table and heatmap", async ({ page }) => {
  const outside = forbidThirdPartyRequests(page);
  const errors: string[] = [];
  page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
  page.on("pageerror", (err) => errors.push(err.message));
  await page.goto("/analytics");

  await expect(page).toHaveTitle(/Analytics/);
  await expect(page.getByRole("heading", { level: 1, name: "Analytics & Insights" })).toBeVisible();
  await expect(page.getByText("Track your content performance and engagement")).toBeVisible();
  const range = page.getByRole("combobox", { name: "Date range" });
  await expect(range).toHaveValue("30");
  await expect(range.locator("option:checked")).toHaveText("Last 30 Days");
  await expect(page.getByRole("link", { name: "Export Report" })).toHaveAttribute("href", "/analytics/export?range=30");

  for (const [title, value, change] of SEEDED_CARDS) {
    await expect(card(page, title).getByTestId("stat-value")).toHaveText(value);
    await expect(card(page, title).getByTestId("stat-change")).toHaveText(change);
  }

  const line = card(page, "Engagement Over Time");
  await expect(line.locator("svg path").first()).toBeVisible();
  expect(await line.locator("svg path[d]").count()).toBeGreaterThanOrEqual(3);
  for (const name of ["Views", "Shares", "Engagement"]) await expect(line.getByRole("listitem").filter({ hasText: name })).toBeVisible();

  const donut = card(page, "Content Type Distribution");
  await expect(donut.locator("svg path[d]")).toHaveCount(4);
  for (const name of ["Blog Posts", "Social Media", "Captions", "Articles"]) await expect(donut.getByText(name)).toBeVisible();

  const table = card(page, "Top Performing Content").getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveText(["Content Title", "Views", "Shares", "Engagement", "Performance"]);
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(5);
  await expect(table.getByRole("progressbar")).toHaveCount(5);
  const labels = await rows.locator("td:last-child").allTextContents();
  expect(labels).toContain("High");
  for (const label of labels) expect(["High", "Medium", "Low"]).toContain(label);

  const heatmap = card(page, "Content Engagement Heatmap");
  for (const day of ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]) await expect(heatmap.getByText(day, { exact: true })).toBeVisible();
  const cells = heatmap.getByRole("img");
  await expect(cells).toHaveCount(28);
  const levels = new Set<string>();
  for (const c of await cells.all()) {
    const tip = await c.getAttribute("title");
    expect(tip).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4}: [\d,]+ engaged views, \d+\.\d% of the 4-week total/);
    await expect(c).toHaveAttribute("aria-label", tip!);
    levels.add((await c.getAttribute("data-level"))!);
  }
  expect([...levels].sort()).toEqual(["1", "2", "3", "4"]);
  await expect(cells.first()).toHaveAttribute("title", /^Mon, /);
  await expect(heatmap.getByText("Less engagement")).toBeVisible();
  await expect(heatmap.getByText("More engagement")).toBeVisible();

  expect(errors).toEqual([]);
  await expectNoThirdPartyRequests(outside);
});

test("the range selector keeps the range in the URL and changes the figures", async ({ page }) => {
  const outside = forbidThirdPartyRequests(page);
  await page.goto("/analytics");
  const views = card(page, "Total Views").getByTestId("stat-value");
  await expect(views).toHaveText("12.5K");
  await page.getByRole("combobox", { name: "Date range" }).selectOption("7");
  await expect(page).toHaveURL(/\/analytics\?range=7$/);
  await expect(views).not.toHaveText("12.5K");
  await expect(card(page, "Total Views").getByText("vs prior 7 days")).toBeVisible();
  await expect(page.getByRole("link", { name: "Export Report" })).toHaveAttribute("href", "/analytics/export?range=7");

  await page.goto("/analytics?range=90");
  await expect(page.getByRole("combobox", { name: "Date range" })).toHaveValue("90");
  await expect(views).not.toHaveText("12.5K");
  await expectNoThirdPartyRequests(outside);
});

test("an unknown range is a 400 with a clear message", async ({ page }) => {
  const response = await page.goto("/analytics?range=14");
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("Error 400");
  await expect(page.getByRole("alert")).toContainText('Unknown date range "14"');
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  expect((await page.request.get("/analytics/export?range=abc")).status()).toBe(400);
});

test("Export Report downloads a CSV with a header and one row per day", async ({ page }) => {
  const outside = forbidThirdPartyRequests(page);
  await page.goto("/analytics");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export Report" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^analytics-last-30-days-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await download.path())!, "utf8")).trimEnd().split("\r\n");
  expect(lines[0]).toBe("date,views,shares,engaged views,engagement rate %,avg time spent seconds");
  expect(lines).toHaveLength(31);
  for (const row of lines.slice(1)) expect(row).toMatch(/^\d{4}-\d{2}-\d{2},\d+,\d+,\d+,[\d.]+,[\d.]+$/);

  const res = await page.request.get("/analytics/export?range=7");
  expect(res.headers()["content-type"]).toContain("text/csv");
  expect(res.headers()["content-disposition"]).toContain("attachment");
  expect((await res.text()).trimEnd().split("\r\n")).toHaveLength(8);
  await expectNoThirdPartyRequests(outside);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the server renders both charts as svg", async ({ page }) => {
    await page.goto("/analytics");
    await expect(card(page, "Engagement Over Time").locator("svg path[d]").first()).toBeAttached();
    await expect(card(page, "Content Type Distribution").locator("svg path[d]")).toHaveCount(4);
  });
});
