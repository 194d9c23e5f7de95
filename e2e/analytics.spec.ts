import { expect, test, type Page } from "./fixtures";
import { readFile } from "node:fs/promises";
import { expectNoThirdPartyRequests, forbidThirdPartyRequests } from "./utils";

// Checks the seed's own figures: runs on the untouched database (playwright.config.ts).
const SEED = { tag: "@fresh-seed" };

const SEEDED_CARDS = [
  ["Total Views", "12.5K", "+18%"],
  ["Total Shares", "3.2K", "+24%"],
  ["Avg. Time Spent", "2.4m", "+12%"],
  ["Engagement Rate", "85%", "+5%"],
] as const;

const card = (page: Page, title: string) => page.getByRole("region", { name: title, exact: true });
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const daysAgo = (n: number) => isoDay(new Date(Date.now() - n * 86_400_000));

test("analytics shows the seeded figures, charts, table, heatmap and best time to post", SEED, async ({ page }) => {
  const outside = forbidThirdPartyRequests(page);
  const errors: string[] = [];
  page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
  page.on("pageerror", (err) => errors.push(err.message));
  await page.goto("/analytics");

  await expect(page).toHaveTitle(/Analytics/);
  await expect(page.getByRole("heading", { level: 1, name: "Analytics & Insights" })).toBeVisible();
  await expect(page.getByText("Track your content performance and engagement · Last 30 Days")).toBeVisible();
  const range = page.getByRole("combobox", { name: "Date range" });
  await expect(range).toHaveValue("30");
  await expect(range.locator("option:checked")).toHaveText("Last 30 Days");

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
  // Thresholds, not a constant: the seed's top five hold more than one label.
  expect(new Set(labels).size).toBeGreaterThan(1);
  for (const label of labels) expect(["High", "Medium", "Low"]).toContain(label);

  const heatmap = card(page, "Content Engagement Heatmap");
  for (const day of ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]) await expect(heatmap.getByText(day, { exact: true })).toBeVisible();
  await expect(heatmap.getByRole("listitem")).toHaveCount(28);
  const cells = heatmap.getByRole("img");
  // The last four weeks up to today: days after today in this week stay blank.
  const shown = await cells.count();
  expect(shown).toBeGreaterThanOrEqual(22);
  const levels = new Set<string>();
  let shareSum = 0;
  for (const c of await cells.all()) {
    const label = (await c.getAttribute("aria-label"))!;
    expect(label).toMatch(
      new RegExp(`^[A-Z][a-z]{2}, [A-Z][a-z]{2} \\d{1,2}, \\d{4}: [\\d,]+ engaged views, \\d+\\.\\d% of the ${shown} days shown$`),
    );
    shareSum += Number(/([\d.]+)% of/.exec(label)![1]);
    levels.add((await c.getAttribute("data-level"))!);
  }
  expect([...levels].sort()).toEqual(["1", "2", "3", "4"]);
  expect(Math.abs(shareSum - 100)).toBeLessThan(0.1 * shown);
  await expect(page.getByText("Less engagement")).toBeVisible();

  const best = card(page, "Best Time to Post");
  // The last 30 days' posts are too new or too spread out to recommend from (first weeks over, 3 per hour).
  await expect(best.getByTestId("best-time-recommendation")).toContainText("No recommendation yet");
  await expect(best.getByTestId("scheduling-slot")).toContainText(
    "'Schedule posts for optimal timing' (on in Settings › Integrations) uses the last 90 days' best slot",
  );

  expect(errors).toEqual([]);
  await expectNoThirdPartyRequests(outside);
});

test("heatmap cells show their date, value and share on hover and focus", async ({ page }) => {
  await page.goto("/analytics");
  const heatmap = card(page, "Content Engagement Heatmap");
  const cell = heatmap.getByRole("img").nth(2);
  const label = (await cell.getAttribute("aria-label"))!;
  await expect(heatmap.getByRole("tooltip").filter({ visible: true })).toHaveCount(0);
  await cell.hover();
  await expect(heatmap.getByRole("tooltip").filter({ visible: true })).toHaveText(label);
  await page.mouse.move(0, 0);
  await heatmap.getByRole("img").first().focus();
  await expect(heatmap.getByRole("tooltip").filter({ visible: true })).toHaveText(
    (await heatmap.getByRole("img").first().getAttribute("aria-label"))!,
  );
});

/** Every card and chart, as text or drawing, to compare one range with another. */
async function snapshot(page: Page) {
  const text = (title: string) => card(page, title).innerText();
  return {
    views: await text("Total Views"),
    shares: await text("Total Shares"),
    time: await text("Avg. Time Spent"),
    rate: await text("Engagement Rate"),
    line: await card(page, "Engagement Over Time")
      .locator("svg path[d]")
      .evaluateAll((paths) => paths.map((p) => p.getAttribute("d")).join("|")),
    donut: await card(page, "Content Type Distribution").locator("[role=img]").first().getAttribute("aria-label"),
    top: await text("Top Performing Content"),
    heatmap: await card(page, "Content Engagement Heatmap")
      .getByRole("img")
      .evaluateAll((cells) => cells.map((c) => c.getAttribute("aria-label")).join("|")),
    best: await card(page, "Best Time to Post")
      .locator("td[data-posts]")
      .evaluateAll((cells) => cells.map((c) => c.getAttribute("data-posts")).join(",")),
  };
}

test("switching the range changes every card and chart, and keeps the range in the URL", async ({ page }) => {
  const outside = forbidThirdPartyRequests(page);
  await page.goto("/analytics");
  const before = await snapshot(page);
  await page.getByRole("combobox", { name: "Date range" }).selectOption("7");
  await expect(page).toHaveURL(/\/analytics\?range=7$/);
  await expect(card(page, "Total Views").getByText("vs prior 7 days")).toBeVisible();
  const after = await snapshot(page);
  for (const key of Object.keys(before) as (keyof typeof before)[]) expect(after[key], key).not.toEqual(before[key]);
  await expect(card(page, "Content Engagement Heatmap").getByRole("img")).toHaveCount(7);

  await page.reload();
  await expect(page.getByRole("combobox", { name: "Date range" })).toHaveValue("7");
  await page.goto("/analytics?range=90");
  await expect(page.getByRole("combobox", { name: "Date range" })).toHaveValue("90");
  await expect(card(page, "Total Views").getByText("vs prior 90 days")).toBeVisible();
  // Over 90 days the seed's three posts at 09:00 London, whole weeks apart, make the recommendation, in the team's zone.
  await expect(card(page, "Best Time to Post").getByTestId("best-time-recommendation")).toContainText(
    /Recommended: (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) 09:00–10:00 \(Europe\/London\)/,
  );
  await expectNoThirdPartyRequests(outside);
});

test("a custom range applies from the form and lives in the URL", async ({ page }) => {
  await page.goto("/analytics");
  await page.getByRole("combobox", { name: "Date range" }).selectOption("custom");
  await page.getByLabel("From", { exact: true }).fill(daysAgo(20));
  await page.getByLabel("To", { exact: true }).fill(daysAgo(7));
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`range=custom&from=${daysAgo(20)}&to=${daysAgo(7)}$`));
  await expect(card(page, "Total Views").getByText("vs prior 14 days")).toBeVisible();
  await expect(card(page, "Engagement Over Time").locator("svg")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("From", { exact: true })).toHaveValue(daysAgo(20));
  await expect(
    page.getByText(/Track your content performance and engagement · [A-Z][a-z]{2} \d+, \d{4} – [A-Z][a-z]{2} \d+, \d{4}/),
  ).toBeVisible();
});

test("bad ranges get a clear message beside the field, and the page keeps working", SEED, async ({ page }) => {
  await page.goto("/analytics");
  await page.getByRole("combobox", { name: "Date range" }).selectOption("custom");
  await page.getByLabel("From", { exact: true }).fill(daysAgo(3));
  await page.getByLabel("To", { exact: true }).fill(daysAgo(10));
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("alert")).toContainText("is before the start date");
  await expect(page.getByLabel("To", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("To", { exact: true })).toHaveValue(daysAgo(10));
  await expect(page.getByText("Choose a valid date range to see the figures.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();

  for (const [query, message] of [
    [`range=custom&from=2020-01-01&to=${daysAgo(0)}`, "a range can cover at most 2 years"],
    ["range=custom&from=2026-02-30&to=2026-03-01", '"2026-02-30" is not a date'],
    ["range=custom&from=soon&to=later", '"soon" is not a date'],
    ["range=14", 'Unknown date range "14"'],
  ]) {
    const response = await page.goto(`/analytics?${query}`);
    expect(response?.status(), query).toBe(400);
    await expect(page.getByRole("alert")).toContainText(message);
  }
  // Picking a preset recovers.
  await page.getByRole("combobox", { name: "Date range" }).selectOption("30");
  await expect(card(page, "Total Views").getByTestId("stat-value")).toHaveText("12.5K");
  expect((await page.request.get("/analytics/export?range=abc")).status()).toBe(400);
});

test("Export Report downloads the range per day and per item", async ({ page }) => {
  const outside = forbidThirdPartyRequests(page);
  await page.goto("/analytics?range=7");
  await page.getByText("Export Report").click();
  const [daily] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Daily totals (CSV)" }).click()]);
  expect(daily.suggestedFilename()).toMatch(/^analytics-daily-last-7-days-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await daily.path())!, "utf8")).trimEnd().split("\r\n");
  expect(lines[0]).toBe("date,views,shares,engaged views,engagement rate %,avg time spent seconds");
  expect(lines).toHaveLength(8);
  for (const row of lines.slice(1)) expect(row).toMatch(/^\d{4}-\d{2}-\d{2},\d+,\d+,\d+,[\d.]+,[\d.]+$/);
  expect(lines.at(-1)!.slice(0, 10)).toBe(daysAgo(0));

  await page.getByText("Export Report").click();
  const [items] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Per content item (CSV)" }).click()]);
  expect(items.suggestedFilename()).toMatch(/^analytics-items-last-7-days-\d{4}-\d{2}-\d{2}\.csv$/);
  const itemLines = (await readFile((await items.path())!, "utf8")).trimEnd().split("\r\n");
  expect(itemLines[0]).toBe("title,type,status,views,shares,engaged views,engagement rate %,avg time spent seconds,performance");
  expect(itemLines.length).toBeGreaterThan(5);
  for (const row of itemLines.slice(1))
    expect(row).toMatch(/,(blog|article|social|caption),(published|archived|draft|review),\d+,\d+,\d+,[\d.]+,[\d.]+,(High|Medium|Low)$/);

  // The views of the items add up to the range's total.
  const total = itemLines.slice(1).reduce((sum, row) => sum + Number(row.split(",").at(-6)), 0);
  const days = lines.slice(1).reduce((sum, row) => sum + Number(row.split(",")[1]), 0);
  expect(total).toBe(days);
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
