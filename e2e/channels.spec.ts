// Issue 16's "Done when": channel posts from an item, the X limit refused, two scheduled on different
// days, seen in month and week view, one dragged and one moved by keyboard, then published to a fake
// webhook receiver on loopback (one payload per channel, its own text, the UTM link), one channel
// failing, retried, shown as failed with its reason, and sent once after Retry. Desktop and 390 px.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "./fixtures";
import { authFile } from "./accounts";
import { postForm, waitForHydration } from "./utils";
import { ON_BRAND } from "../tests/fixtures/on-brand";
import { verifySignature } from "../app/adapters/webhook-signature.server";

type Received = {
  path: string;
  key: string;
  body: { channel: string; text: string; link: string | null; shortLink: string | null; post: string; imageUrl: string | null };
};

async function receiver() {
  const received: Received[] = [];
  const failing = new Set<string>();
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      if (failing.has(req.url ?? "")) return void res.writeHead(500).end();
      // Like a real receiver: a request whose signature does not verify (stale, tampered) is refused.
      if (!verifySignature(req.headers["x-studio-signature"] as string | undefined, raw, "s3cret").ok) return void res.writeHead(401).end();
      received.push({ path: req.url ?? "", key: String(req.headers["x-studio-delivery"]), body: JSON.parse(raw) });
      res.writeHead(200).end("{}");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  };
  return { received, failing, base, close };
}

type Db = Parameters<Parameters<typeof test>[2]>[0]["db"];

/**
 * Later spec files share this worker's database: put back what this one changed (its items, their
 * activity and deliveries, the integrations), so "the most recently edited item" and the platform
 * list are the seed's again.
 */
function restore(db: Db, itemIds: string[], integrations: Record<string, unknown>[]) {
  db.prepare(`UPDATE "Settings" SET websiteWebhookUrl = '', websiteWebhookSecret = '' WHERE workspaceId = 'first'`).run();
  for (const id of itemIds)
    for (const table of [
      "ChannelPost",
      "PublishDelivery",
      "Notification",
      "ActivityEvent",
      "ContentRevision",
      "ContentTag",
      "ContentVisual",
    ])
      db.prepare(`DELETE FROM "${table}" WHERE contentId = ?`).run(id);
  for (const id of itemIds) db.prepare(`DELETE FROM "ContentItem" WHERE id = ?`).run(id);
  const put = db.prepare(
    `UPDATE "Integration" SET connected = @connected, handle = @handle, webhookUrl = @webhookUrl, webhookSecret = @webhookSecret, connectedAt = @connectedAt, connectedById = @connectedById WHERE id = @id AND workspaceId = @workspaceId`,
  );
  for (const row of integrations) put.run(row);
}

/** "YYYY-MM-DD" of the team's zone (Europe/London in the seed), `days` from now. */
function londonDay(days: number): string {
  return new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/London" }).format(new Date(Date.now() + days * 86_400_000));
}

/** A Tuesday at least a week ahead, so the two posts and both moves stay in one Monday-first week. */
function nextTuesdayOffset(): number {
  for (let d = 7; d < 14; d++) {
    const weekday = new Date(`${londonDay(d)}T12:00:00Z`).getUTCDay();
    if (weekday === 2) return d;
  }
  throw new Error("no Tuesday");
}

for (const width of [1440, 390]) {
  test(`plan, schedule, move and publish channel posts at ${width} px`, async ({ page, baseURL, db }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    const hook = await receiver();
    const integrations = db.prepare(`SELECT * FROM "Integration"`).all() as Record<string, unknown>[];
    const made: string[] = [];
    try {
      for (const platform of ["twitter", "linkedin", "facebook"]) {
        await postForm(page.request, baseURL!, "/settings", { intent: "disconnect", platform });
        const res = await postForm(page.request, baseURL!, "/settings", {
          intent: "connect",
          platform,
          handle: `@brightpath-${platform}`,
          webhookUrl: `${hook.base}/${platform}`,
          webhookSecret: "s3cret",
        });
        expect(res.status()).toBe(200);
      }
      const created = await postForm(page.request, baseURL!, "/content/new", {
        title: `Calendar launch ${width}`,
        type: "blog",
        tags: "content planning, calendars",
      });
      const itemId = new URL(created.headers()["location"], baseURL).searchParams.get("id")!;
      made.push(itemId);
      db.prepare("UPDATE ContentItem SET body = ? WHERE id = ?").run(ON_BRAND, itemId);
      expect((await postForm(page.request, baseURL!, "/visuals", { contentId: itemId })).status()).toBe(200);

      // The website channel's webhook, set in Settings like the site's address.
      await page.goto("/settings?tab=integrations");
      await waitForHydration(page);
      await page.getByLabel("Website webhook URL (optional)").fill(`${hook.base}/website`);
      await page.locator("#websiteWebhookSecret").fill("s3cret");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Settings saved" })).toBeVisible();
      await expect(page.getByTestId("website-webhook-status")).toHaveText(`Website posts are sent to ${new URL(hook.base).host}, signed.`);

      // Create every channel's post at once.
      await page.goto(`/editor?id=${itemId}`);
      await waitForHydration(page);
      const panel = page.getByTestId("channels-panel");
      await panel.getByRole("button", { name: "Create channel posts" }).click();
      const cards = panel.getByTestId("channel-post");
      await expect(cards).toHaveCount(4);
      expect(await cards.evaluateAll((els) => els.map((e) => e.getAttribute("data-channel")))).toEqual([
        "website",
        "twitter",
        "linkedin",
        "facebook",
      ]);
      const x = panel.locator('[data-channel="twitter"]');
      const linkedin = panel.locator('[data-channel="linkedin"]');
      const xText = x.getByRole("textbox", { name: "X text" });
      const original = await xText.inputValue();
      expect(original).toContain("#ContentPlanning");
      expect(original).not.toMatch(/Untitled|#innovative/i);

      // Over X's limit: the counter says so and the server refuses beside the field.
      await xText.fill("a".repeat(300));
      await expect(x.getByTestId("limit-counter")).toContainText("over the limit");
      await x.getByRole("button", { name: "Save text" }).click();
      await expect(x.getByText(/X allows 280 characters; this post has 3\d\d/)).toBeVisible();
      await page.reload();
      await expect(xText).toHaveValue(original);

      // Schedule two on different days (team zone), a Tuesday and the Wednesday after.
      const tue = nextTuesdayOffset();
      const [dayA, dayB, dayC, dayD] = [londonDay(tue), londonDay(tue + 1), londonDay(tue + 2), londonDay(tue + 3)];
      await x.getByLabel("Publish at (Europe/London)").fill(`${dayA}T09:30`);
      await x.getByRole("button", { name: "Schedule", exact: true }).click();
      await expect(x.getByTestId("post-status")).toHaveText("Scheduled");
      await linkedin.getByLabel("Publish at (Europe/London)").fill(`${dayB}T11:00`);
      await linkedin.getByRole("button", { name: "Schedule", exact: true }).click();
      await expect(linkedin.getByTestId("post-status")).toHaveText("Scheduled");

      // Month view, then week view.
      const entry = (channel: string) =>
        page.locator(`[data-channel="${channel}"][data-testid="calendar-entry"]`).filter({ hasText: `Calendar launch ${width}` });
      const dayCell = (day: string) => page.locator(`[data-testid="calendar-day"][data-day="${day}"]`);
      const visibleArea = width < 640 ? page.getByTestId("agenda") : page.locator(".hidden.sm\\:block");
      await page.goto(`/library?view=calendar&at=${dayA.slice(0, 7)}`);
      await expect(visibleArea.locator(`[data-channel="twitter"]`).filter({ hasText: `Calendar launch ${width}` })).toBeVisible();
      await page.goto(`/library?view=calendar&cal=week&at=${dayA}`);
      await waitForHydration(page);
      await expect(page.getByTestId("calendar")).toHaveAttribute("data-cal", "week");
      await expect(visibleArea.locator('[data-testid="calendar-entry"]').filter({ hasText: `Calendar launch ${width}` })).toHaveCount(2);

      if (width >= 640) {
        // Drag X's post from Tuesday to Thursday.
        await expect(dayCell(dayA).locator('[data-channel="twitter"]')).toBeVisible();
        await entry("twitter").first().dragTo(dayCell(dayC));
        await expect(dayCell(dayC).locator('[data-channel="twitter"]')).toBeVisible();
        await expect(dayCell(dayA).locator('[data-channel="twitter"]')).toHaveCount(0);
      }
      // Move LinkedIn's post by keyboard: "Move to…", a day, Enter.
      const li = visibleArea
        .locator('[data-channel="linkedin"][data-testid="calendar-entry"]')
        .filter({ hasText: `Calendar launch ${width}` });
      await li.getByText("Move to…").focus();
      await page.keyboard.press("Enter");
      await li.getByLabel(/New day for/).fill(dayD);
      await li.getByLabel(/New day for/).press("Enter");
      // The move has landed (the post sits under its new day) before the page is read again from the server.
      const moved = visibleArea
        .locator(width < 640 ? `[data-testid="agenda-day"][data-day="${dayD}"]` : `[data-testid="calendar-day"][data-day="${dayD}"]`)
        .locator('[data-channel="linkedin"][data-testid="calendar-entry"]')
        .filter({ hasText: `Calendar launch ${width}` });
      await expect(moved).toContainText("11:00");
      await page.reload();
      await expect(moved).toContainText("11:00");

      // Back in the editor: send all four when the item is published; Facebook's webhook fails.
      hook.failing.add("/facebook");
      await page.goto(`/editor?id=${itemId}`);
      await waitForHydration(page);
      for (const card of [x, linkedin]) await card.getByRole("button", { name: "Unschedule" }).click();
      await expect(x.getByTestId("post-status")).toHaveText("Draft");
      await expect(linkedin.getByTestId("post-status")).toHaveText("Draft");
      const texts = {
        twitter: await xText.inputValue(),
        linkedin: await linkedin.getByRole("textbox", { name: "LinkedIn text" }).inputValue(),
        website: await panel.getByRole("textbox", { name: "Website text" }).inputValue(),
      };
      await page.getByRole("button", { name: "Submit for review" }).click();
      await page.getByRole("button", { name: "Publish", exact: true }).click();

      await expect.poll(() => hook.received.map((r) => r.path).sort(), { timeout: 15_000 }).toEqual(["/linkedin", "/twitter", "/website"]);
      for (const r of hook.received) {
        expect(r.body.text).toBe(texts[r.body.channel as keyof typeof texts]);
        const link = new URL(r.body.link!);
        expect(link.host).toBe("blog.brightpath.test");
        // A receiver fetches the card without signing in.
        const image = await fetch(r.body.imageUrl!);
        expect(image.status).toBe(200);
        expect(image.headers.get("content-type")).toBe("image/png");
        expect(
          Buffer.from(await image.arrayBuffer())
            .subarray(1, 4)
            .toString(),
        ).toBe("PNG");
        if (r.body.channel === "website") continue;
        expect(link.searchParams.get("utm_source")).toBe(r.body.channel);
        expect(link.searchParams.get("utm_medium")).toBe("social");
        expect(link.searchParams.get("utm_campaign")).toBe(`calendar-launch-${width}`);
        // The network gets the studio's short link, which leads to that UTM link.
        expect(r.body.post).toBe(`${r.body.text}\n\n${r.body.shortLink}`);
        const short = await fetch(r.body.shortLink!, { redirect: "manual" });
        expect(short.status).toBe(302);
        expect(short.headers.get("location")).toBe(r.body.link);
      }
      const facebook = panel.locator('[data-channel="facebook"]');
      await expect(async () => {
        await page.reload();
        await expect(facebook.getByTestId("post-status")).toHaveText("Failed", { timeout: 1000 });
      }).toPass({ timeout: 20_000 });
      await expect(facebook.getByTestId("failure-reason")).toContainText("Failed after 3 attempts: Facebook webhook answered HTTP 500");
      await expect(panel.locator('[data-channel="website"]').getByTestId("post-status")).toHaveText("Published");

      // The calendar shows the failure and links to its reason.
      await page.goto(`/library?view=calendar&postStatus=failed`);
      const failed = visibleArea.locator('[data-status="failed"]').filter({ hasText: `Calendar launch ${width}` });
      await expect(failed.getByTestId("failed-reason")).toContainText("HTTP 500");
      await failed.getByTestId("failed-reason").click();
      await expect(page).toHaveURL(new RegExp(`/editor\\?id=${itemId}#post-`));

      // Fixed: Retry sends it once.
      hook.failing.clear();
      await waitForHydration(page);
      await facebook.getByRole("button", { name: "Retry" }).click();
      await expect.poll(() => hook.received.filter((r) => r.path === "/facebook").length, { timeout: 15_000 }).toBe(1);
      await expect(async () => {
        await page.reload();
        await expect(facebook.getByTestId("post-status")).toHaveText("Published", { timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      expect(hook.received).toHaveLength(4);
      expect(new Set(hook.received.map((r) => r.key)).size).toBe(4);
    } finally {
      await hook.close();
      restore(db, made, integrations);
    }
  });
}

test("without JavaScript the Channels page creates posts and refuses text over the limit beside the field", async ({
  browser,
  baseURL,
  db,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: authFile("Admin"), baseURL });
  const page: Page = await context.newPage();
  const created = await postForm(page.request, baseURL!, "/content/new", { title: "No-JS plan", type: "blog", tags: "planning" });
  const itemId = new URL(created.headers()["location"], baseURL).searchParams.get("id")!;
  await page.goto(`/editor?id=${itemId}`);
  await page.getByRole("button", { name: "Create channel posts" }).click();
  await expect(page).toHaveURL(new RegExp(`/content/${itemId}/channels`));
  // The picker's min stops a past time in the browser; the server's own refusal shows for text over X's limit.
  const x = page.locator('[data-channel="twitter"]');
  const original = await x.getByRole("textbox", { name: "X text" }).inputValue();
  await x.getByRole("textbox", { name: "X text" }).fill("a".repeat(290));
  await x.getByRole("button", { name: "Save text" }).click();
  await expect(x.getByText("X allows 280 characters; this post has 315.")).toBeVisible(); // 290 + the link (23) on its own line
  await page.goto(`/content/${itemId}/channels`);
  await expect(x.getByRole("textbox", { name: "X text" })).toHaveValue(original);
  await context.close();
  restore(db, [itemId], []);
});
