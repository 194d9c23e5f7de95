// Real measurement (decision 021): a page on another loopback port embeds the snippet, short links,
// the metrics API and the CSV import move the Analytics screen and the dashboard.
import AxeBuilder from "@axe-core/playwright";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { authFile } from "./accounts";
import { expect, test, type Page } from "./fixtures";

// A reader's browser as a person would have it (headless Chromium's own may say "HeadlessChrome", a bot), and a crawler.
const READER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const CRAWLER_AGENT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const ITEM = { id: "e2e-measured-item", title: "Measured launch notes" };

let site: http.Server;
let siteUrl = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ db, server }) => {
  // This worker's database only: the seed's metrics go (the rollups follow through their triggers), so
  // every figure on the screens below comes from this file's own traffic.
  db.exec(`DELETE FROM "ContentMetric"`);
  const now = new Date().toISOString().replace("Z", "+00:00");
  const author = (db.prepare(`SELECT "id" FROM "User" WHERE "email" = 'sarah@studio.test'`).get() as { id: string }).id;
  db.prepare(
    `INSERT INTO "ContentItem" ("workspaceId", "id", "title", "type", "status", "body", "authorId", "publishedAt", "createdAt", "updatedAt") VALUES ('first', ?, ?, 'blog', 'published', 'Body', ?, ?, ?, ?)`,
  ).run(ITEM.id, ITEM.title, author, now, now, now);
  site = http.createServer((req, res) => {
    res.setHeader("Content-Type", "text/html");
    res.end(`<!doctype html><html><head><title>Team site</title>
      <script defer src="${server.url}/t.js" data-heartbeat="${req.url?.startsWith("/spa/") ? 60_000 : 400}"></script></head>
      <body><article data-content="${ITEM.id}"><h1>${req.url}</h1><p>Reading…</p></article></body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

const card = (page: Page, title: string) => page.getByRole("region", { name: title, exact: true });
const channelRow = (page: Page, channel: string) => page.locator(`tr[data-channel="${channel}"]`);

test("a registered site's page views and reading time reach the Analytics screen and the dashboard", async ({ page, browser, baseURL }) => {
  await page.goto("/settings/website");
  await page.getByLabel("Site origin").fill(siteUrl);
  await page.getByRole("button", { name: "Add site" }).click();
  await expect(page.getByRole("status")).toContainText("can now send page views");
  await expect(page.getByLabel("Paste it into every page", { exact: false })).toHaveValue(new RegExp(`${baseURL}/t.js`));

  const reader = await browser.newContext({ userAgent: READER_AGENT });
  const tab = await reader.newPage();
  await tab.clock.install(); // reading time passes at the test's word, not the wall clock's
  for (const path of ["/blog/launch", "/blog/launch?utm_source=newsletter"]) {
    const sent = tab.waitForRequest((r) => r.url().endsWith("/api/event") && (r.postData() ?? "").includes('"k":"e"'));
    await tab.goto(`${siteUrl}${path}`);
    await tab.clock.runFor(2400); // read for a few heartbeats
    await sent; // a heartbeat of engaged time went out
    await tab.goto("about:blank"); // pagehide sends the rest
  }
  await reader.close();

  // The page views are committed a moment after the reader left: load the screen again until they show.
  await expect(async () => {
    await page.goto("/analytics?range=7");
    await expect(card(page, "Total Views").getByTestId("stat-value")).toHaveText("2", { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  // The card rounds to tenths of a minute; the per-item export has the seconds.
  const exported = await page.request.get("/analytics/export?range=7&rows=items");
  const line = (await exported.text()).split("\r\n").find((l) => l.startsWith(ITEM.title))!;
  expect(line.split(",").slice(3, 6)).toEqual(["2", "0", "0"]); // views, shares, engaged views (under 10 s each)
  expect(Number(line.split(",").at(-2))).toBeGreaterThan(0); // avg time spent seconds
  const row = card(page, "Top Performing Content").getByRole("row", { name: new RegExp(ITEM.title) });
  await expect(row.getByRole("cell").nth(1)).toHaveAttribute("title", "2 views");
  await expect(channelRow(page, "website").getByRole("cell").first()).toHaveAttribute("title", "2 page views");
  await row.getByRole("link", { name: ITEM.title }).click();
  await expect(page).toHaveURL(new RegExp(`/editor\\?id=${ITEM.id}`));

  await page.goto("/");
  await expect(card(page, "Total Views").getByTestId("stat-value")).toHaveText("2");
});

test("a short-link click moves the channel's clicks; a bot's does not", async ({ page, browser, db }) => {
  const now = new Date().toISOString().replace("Z", "+00:00");
  db.prepare(
    `INSERT INTO "ChannelPost" ("workspaceId", "id", "contentId", "channel", "link", "status", "createdById", "createdAt", "updatedAt") VALUES ('first', 'e2e-post-li', ?, 'linkedin', ?, 'published', 'e2e', ?, ?)`,
  ).run(ITEM.id, `${siteUrl}/blog/launch`, now, now);
  db.prepare(
    `INSERT INTO "ShortLink" ("workspaceId", "code", "channelPostId", "url", "createdAt") VALUES ('first', 'e2eLink01', 'e2e-post-li', ?, ?)`,
  ).run(`${siteUrl}/blog/launch?utm_source=linkedin`, now);
  const bot = await browser.newContext({ userAgent: CRAWLER_AGENT });
  await (await bot.newPage()).goto("/l/e2eLink01");
  await bot.close();
  const reader = await browser.newContext({ userAgent: READER_AGENT, storageState: authFile("Admin") });
  const tab = await reader.newPage();
  await tab.goto("/l/e2eLink01");
  await expect(tab).toHaveURL(`${siteUrl}/blog/launch?utm_source=linkedin`);
  await reader.close();

  await page.goto("/analytics?range=7");
  await expect(channelRow(page, "linkedin").getByRole("cell").nth(1)).toHaveAttribute("title", "1 click");
});

test("a metrics POST with a token made in Settings moves shares; a wrong token gets 401 and changes nothing", async ({
  page,
  request,
  db,
}) => {
  const now = new Date().toISOString().replace("Z", "+00:00");
  db.prepare(
    `INSERT INTO "ChannelPost" ("workspaceId", "id", "contentId", "channel", "externalId", "status", "createdById", "createdAt", "updatedAt") VALUES ('first', 'e2e-post-tw', ?, 'twitter', 'tw-e2e-1', 'published', 'e2e', ?, ?)`,
  ).run(ITEM.id, now, now);
  await page.goto("/settings/website");
  await page.getByLabel("Token name").fill("Scheduler export");
  await page.getByRole("button", { name: "Create token" }).click();
  const token = await page.getByLabel("New token").inputValue();
  expect(token).toMatch(/^cs_[0-9a-f]{8}_/);
  await expect(page.getByTestId("api-token").filter({ hasText: "Scheduler export" })).toContainText(token.slice(0, 11));

  const day = new Date().toISOString().slice(0, 10);
  const send = (bearer: string) =>
    request.post("/api/v1/metrics", {
      headers: { Authorization: `Bearer ${bearer}`, Origin: "https://elsewhere.example" },
      data: { rows: [{ externalId: "tw-e2e-1", day, impressions: 400, likes: 12, shares: 9 }] },
    });
  const wrong = await send(`${token}x`);
  expect(wrong.status()).toBe(401);
  await page.goto("/analytics?range=7");
  await expect(channelRow(page, "twitter")).toHaveCount(0);
  await expect(card(page, "Total Shares").getByTestId("stat-value")).toHaveText("0");

  expect((await send(token)).status()).toBe(200);
  expect((await send(token)).status()).toBe(200); // the same day again replaces it
  await page.goto("/analytics?range=7");
  await expect(channelRow(page, "twitter").getByRole("cell").nth(2)).toHaveAttribute("title", "9 shares");
  await expect(card(page, "Total Shares").getByTestId("stat-value")).toHaveText("9");
});

test("a CSV import previews, shows the bad row, and imports the good one", async ({ page }) => {
  const day = new Date().toISOString().slice(0, 10);
  const csv = [
    "post,day,impressions,likes,comments,shares,clicks",
    `tw-e2e-1,${day},500,20,2,11,4`,
    `tw-e2e-1,${day},=HYPERLINK(1),0,0,0,0`,
  ].join("\n");
  await page.goto("/settings/website");
  await page.getByLabel("CSV file").setInputFiles({ name: "figures.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("csv-preview").getByRole("row")).toHaveCount(2);
  await expect(page.getByTestId("csv-errors")).toContainText("Line 3: impressions starts with");
  await page.getByRole("button", { name: "Import 1 good row" }).click();
  await expect(page.getByRole("status")).toContainText("Imported 1 row; 1 left out");
  await page.goto("/analytics?range=7");
  await expect(channelRow(page, "twitter").getByRole("cell").nth(2)).toHaveAttribute("title", "11 shares");
});

// The shell's sidebar (256 px) shows at every width on this branch, so a 631 px window gives the page 375 px:
// our cards must fit that without overflowing.
const overflowingCards = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("main section")]
      .filter((s) => s.scrollWidth > s.clientWidth + 1)
      .map((s) => s.getAttribute("aria-label")),
  );

test("Settings › Website works without JavaScript, with 375 px for the page, and has no serious axe violation", async ({ browser }) => {
  test.setTimeout(90_000); // axe on a busy 2-core machine
  const context = await browser.newContext({
    storageState: authFile("Admin"),
    javaScriptEnabled: false,
    viewport: { width: 631, height: 800 },
  });
  const page = await context.newPage();
  await page.goto("/settings/website");
  await page.getByLabel("Site origin").fill("not a url");
  await page.getByRole("button", { name: "Add site" }).click();
  await expect(page.getByText("Enter the site's origin only")).toBeVisible();
  await expect(page.getByLabel("Site origin")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Site origin").fill("https://nojs.example");
  await page.getByRole("button", { name: "Add site" }).click();
  await expect(page.getByText("https://nojs.example", { exact: true })).toBeVisible();
  expect(await overflowingCards(page)).toEqual([]);
  await page.goto("/analytics?range=7");
  expect((await overflowingCards(page)).filter((label) => label === "Channels")).toEqual([]); // the card this work added
  await context.close();

  // axe needs scripts in the page.
  const withScripts = await browser.newContext({ storageState: authFile("Admin"), viewport: { width: 631, height: 800 } });
  const axePage = await withScripts.newPage();
  await axePage.goto("/settings/website");
  const results = await new AxeBuilder({ page: axePage }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  await withScripts.close();
});

test("a single-page site's client-side navigations count as views; the page left sends its time first", async ({ browser, db }) => {
  const sarah = (db.prepare(`SELECT "id" FROM "User" WHERE "email" = 'sarah@studio.test'`).get() as { id: string }).id;
  db.prepare(
    `INSERT OR IGNORE INTO "TrackedSite" ("id", "origin", "createdById", "createdAt", "workspaceId") VALUES ('e2e-spa-site', ?, ?, ?, 'first')`,
  ).run(siteUrl, sarah, new Date().toISOString());
  const reader = await browser.newContext({ userAgent: READER_AGENT });
  const tab = await reader.newPage();
  const beacons: { k: string; u?: string; p: string; s?: number }[] = [];
  tab.on("request", (r) => {
    if (r.url().endsWith("/api/event")) beacons.push(JSON.parse(r.postData() ?? "{}"));
  });
  const views = () => beacons.filter((b) => b.k === "v").map((b) => new URL(b.u!).pathname);

  // These pages send no heartbeat for a minute: any time reported comes from the navigation.
  await tab.clock.install();
  await tab.goto(`${siteUrl}/spa/first`);
  await expect.poll(views).toEqual(["/spa/first"]);
  await tab.clock.runFor(1200); // over a second of reading
  await tab.evaluate(() => history.pushState({}, "", "/spa/second"));
  await expect.poll(views).toEqual(["/spa/first", "/spa/second"]);
  const [first, second] = beacons.filter((b) => b.k === "v");
  expect(second.p).not.toBe(first.p);
  const leftTime = beacons.findIndex((b) => b.k === "e" && b.p === first.p);
  expect(leftTime).toBeGreaterThan(-1);
  expect(leftTime).toBeLessThan(beacons.indexOf(second));
  expect(beacons[leftTime].s).toBeGreaterThanOrEqual(1);

  // A #fragment is not a page; Back to the first page is (popstate).
  await tab.evaluate(() => (location.hash = "#part-2"));
  await tab.goBack();
  await tab.goBack();
  await expect.poll(views).toEqual(["/spa/first", "/spa/second", "/spa/first"]);
  await reader.close();

  const stored = () =>
    (db.prepare(`SELECT count(*) AS "n" FROM "TrackEvent" WHERE "kind" = 'view' AND "url" LIKE ?`).get(`${siteUrl}/spa/%`) as { n: number })
      .n;
  await expect.poll(stored).toBe(3);
});
