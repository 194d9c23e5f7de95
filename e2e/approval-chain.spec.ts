// Issue 37's "Done when", the approvals half: an Admin sets a two-step chain; a Writer submits; the
// first approver requests changes on a passage; the Writer fixes it; both steps approve; the scheduled
// X post goes out at its time. An external reviewer opens a link in a fresh browser, approves with
// their name, and cannot reach the library, another item or the API with it; an expired link says so.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "./fixtures";
import { authFile } from "./accounts";
import { allSaved, editable } from "./rich-body";
import { postForm, waitForHydration } from "./utils";
import { ON_BRAND } from "../tests/fixtures/on-brand";

async function receiver() {
  const received: { path: string; body: { channel: string; text: string } }[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", body: JSON.parse(raw) });
      res.writeHead(200).end("{}");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  };
  return { received, base, close };
}

/** As Prisma's SQLite adapter stores DateTime: ISO text with an explicit offset. */
const iso = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test("a two-step chain from Settings to the X post going out, and an external reviewer's link", async ({
  page,
  browser,
  baseURL,
  db,
  signedInMember,
}) => {
  test.slow();
  const hook = await receiver();
  const integrations = db.prepare(`SELECT * FROM "Integration"`).all() as Record<string, unknown>[];
  const made: string[] = [];
  const legal = await signedInMember("Writer", "Legal");
  const writer = await (await browser.newContext({ baseURL, storageState: authFile("Writer") })).newPage();
  const editor = await (await browser.newContext({ baseURL, storageState: authFile("Editor") })).newPage();
  try {
    await postForm(page.request, baseURL!, "/settings", { intent: "disconnect", platform: "twitter" });
    const connected = await postForm(page.request, baseURL!, "/settings", {
      intent: "connect",
      platform: "twitter",
      handle: "@brightpath",
      webhookUrl: `${hook.base}/twitter`,
      webhookSecret: "s3cret",
    });
    expect(connected.status()).toBe(200);

    // The Admin sets the chain with the plain form, at 375 px: X posts need any Editor, then Legal.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/settings/approvals");
    await page.getByLabel("Name").fill("Legal for X");
    await page.getByLabel("Applies to").selectOption({ label: "X posts" });
    const step1 = page.getByRole("group", { name: "Step 1" });
    await step1.getByLabel("Any Editor").check();
    const step2 = page.getByRole("group", { name: "Step 2 (optional)" });
    await step2.getByLabel("Who must approve").selectOption("all");
    await step2.getByLabel(new RegExp(legal.name)).check();
    await page.getByLabel("Publish it then").check();
    expect(await noSideScroll(page)).toBe(true);
    await page.getByRole("button", { name: "Save chain" }).click();
    await expect(page.getByRole("status")).toHaveText("Chain “Legal for X” saved.");
    await expect(page.getByTestId("chain")).toContainText(`All of: ${legal.name}`);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The Writer's item, with an X post scheduled for tomorrow.
    const created = await postForm(writer.request, baseURL!, "/content/new", { title: "Chain journey", type: "blog", tags: "" });
    const itemId = new URL(created.headers()["location"], baseURL).searchParams.get("id")!;
    made.push(itemId);
    db.prepare(
      `INSERT INTO ChannelPost (workspaceId, id, contentId, channel, text, status, scheduledAt, attempts, createdById, createdAt, updatedAt)
       VALUES ('first', ?, ?, 'twitter', 'Our survey, in one line', 'scheduled', ?, 0, 'user-priya', ?, ?)`,
    ).run(`cp-chain-${itemId}`, itemId, iso(Date.now() + 86_400_000), iso(Date.now()), iso(Date.now()));
    await writer.goto(`/editor?id=${itemId}`);
    const body = await editable(writer);
    await body.fill(`${ON_BRAND} The figures are ours.`);
    await expect(allSaved(writer)).toBeVisible();
    await writer.getByRole("button", { name: "Submit for review" }).click();
    const standing = writer.getByTestId("chain-standing");
    await expect(standing).toHaveText("Legal for X: Step 1 of 2: waiting for any Editor");
    await expect(writer.getByRole("button", { name: /Approve step/ })).toHaveCount(0);

    // The library says where it stands.
    await writer.goto("/library?q=Chain%20journey");
    await expect(writer.getByTestId("chain-standing").first()).toHaveText("Step 1 of 2: waiting for any Editor");
    // So does the calendar, on a phone (the agenda), on the day of the X post.
    await writer.setViewportSize({ width: 390, height: 844 });
    const tomorrow = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/London" }).format(new Date(Date.now() + 86_400_000));
    await writer.goto(`/library?view=calendar&cal=week&at=${tomorrow}`);
    const agendaEntry = writer.getByTestId("agenda").getByTestId("calendar-entry").filter({ hasText: "Chain journey" });
    await expect(agendaEntry.getByTestId("chain-standing")).toHaveText("Step 1 of 2: waiting for any Editor");
    expect(await noSideScroll(writer)).toBe(true);
    if (process.env.CHAIN_SCREENSHOT) {
      await agendaEntry.scrollIntoViewIfNeeded();
      await writer.screenshot({ path: process.env.CHAIN_SCREENSHOT });
    }
    await writer.setViewportSize({ width: 1280, height: 900 });

    // The first approver asks for changes on a passage.
    await editor.goto(`/editor?id=${itemId}`);
    await waitForHydration(editor);
    await editor.getByLabel("Passage (optional, for changes)").fill("The figures are ours.");
    await editor.getByLabel("Note (needed to request changes)").fill("Name the source of the figures");
    await editor.getByRole("button", { name: "Request changes" }).last().click();
    await expect(editor.getByTestId("chain-standing")).toHaveText("Legal for X: Changes requested");

    // The Writer sees the note beside the passage, fixes it and submits again.
    await writer.goto(`/editor?id=${itemId}`);
    await expect(writer.getByText("Changes requested: Name the source of the figures")).toBeVisible();
    const again = await editable(writer);
    await again.fill(`${ON_BRAND} The figures are from our 2026 reader survey.`);
    await expect(allSaved(writer)).toBeVisible();
    await writer.getByRole("button", { name: "Submit for review" }).click();
    await expect(writer.getByTestId("chain-standing")).toHaveText("Legal for X: Step 1 of 2: waiting for any Editor");

    // Both steps approve; the item is published, the X post waits for its time.
    await editor.goto(`/editor?id=${itemId}`);
    await editor.getByRole("button", { name: "Approve step" }).click();
    await expect(editor.getByTestId("chain-standing")).toHaveText(`Legal for X: Step 2 of 2: waiting for ${legal.name}`);
    await legal.page.goto(`/editor?id=${itemId}`);
    await legal.page.getByRole("button", { name: "Approve step" }).click();
    await expect(legal.page.getByTestId("chain-standing")).toHaveText("Legal for X: Approved by every step");
    await expect(legal.page.locator("h1 + div")).toContainText("Published");
    const xPost = () =>
      db.prepare(`SELECT status FROM ChannelPost WHERE contentId = ? AND channel = 'twitter'`).get(itemId) as { status: string };
    expect(xPost().status).toBe("scheduled");
    expect(hook.received).toHaveLength(0);

    // Its time comes (moved to now in the database), and the scheduler, woken by a publish, sends it.
    db.prepare(`UPDATE ChannelPost SET scheduledAt = ? WHERE contentId = ? AND channel = 'twitter'`).run(iso(Date.now() - 1000), itemId);
    const nudge = await postForm(page.request, baseURL!, "/content/new", { title: "Wakes the scheduler", type: "social", tags: "" });
    const nudgeId = new URL(nudge.headers()["location"], baseURL).searchParams.get("id")!;
    made.push(nudgeId);
    db.prepare("UPDATE ContentItem SET body = ? WHERE id = ?").run(ON_BRAND, nudgeId);
    for (const transition of ["submit", "approve"])
      expect(
        (await postForm(page.request, baseURL!, `/editor?id=${nudgeId}`, { intent: "transition", id: nudgeId, transition })).status(),
      ).toBe(200);
    // The chain's X post goes out once (auto-post also sends the nudge's own X post to the same receiver).
    await expect.poll(() => hook.received.filter((r) => r.body.text === "Our survey, in one line").length).toBe(1);

    // An external reviewer: a link made in the editor, opened in a fresh browser without an account.
    await page.goto(`/editor?id=${itemId}`);
    await page.getByRole("button", { name: "Make review link" }).click();
    const link = await page.getByTestId("review-link").inputValue();
    expect(link).toMatch(/\/review\/[A-Za-z0-9_-]{43}$/);
    const outsider = await browser.newContext({
      baseURL,
      storageState: { cookies: [], origins: [] },
      viewport: { width: 375, height: 800 },
    });
    const client = await outsider.newPage();
    await client.goto(link);
    await expect(client.getByRole("heading", { level: 1 })).toHaveText("Chain journey");
    await expect(client.getByLabel("X preview")).toContainText("Our survey, in one line");
    await expect(client.getByRole("navigation")).toHaveCount(0);
    expect(await noSideScroll(client)).toBe(true);
    await client.getByLabel("Your name").fill("Cleo Client");
    await client.getByRole("button", { name: "Approve" }).click();
    await expect(client.getByTestId("review-outcome")).toHaveText("Thank you: your approval was sent to the team.");
    await page.reload();
    await expect(page.getByTestId("approval-panel")).toContainText("Cleo Client (external) approved");

    // Nothing else of the studio opens with it.
    await client.goto("/library");
    await expect(client).toHaveURL(/\/login/);
    await client.goto(`/editor?id=${nudgeId}`);
    await expect(client).toHaveURL(/\/login/);
    const api = await client.request.post("/api/v1/metrics", { headers: { Authorization: `Bearer ${link.split("/").pop()}` }, data: "{}" });
    expect(api.status()).toBe(401);

    // An expired link says so.
    db.prepare(`UPDATE ReviewLink SET expiresAt = ? WHERE contentId = ?`).run(iso(Date.now() - 1000), itemId);
    const expired = await client.goto(link);
    expect(expired?.status()).toBe(409);
    await expect(client.getByTestId("review-link-error")).toHaveText(/This review link has expired/);
    await outsider.close();
  } finally {
    // Put back what this spec changed, for the specs after it on this worker's database.
    db.prepare(`DELETE FROM ApprovalChain`).run();
    db.prepare(`UPDATE ChannelPost SET status = 'scheduled', lastError = NULL WHERE status = 'missed'`).run();
    for (const id of made) {
      for (const table of ["ChannelPost", "PublishDelivery", "Notification", "ActivityEvent", "ContentRevision", "ContentTag", "Comment"])
        db.prepare(`DELETE FROM "${table}" WHERE contentId = ?`).run(id);
      db.prepare(`DELETE FROM "ContentItem" WHERE id = ?`).run(id);
    }
    const put = db.prepare(
      `UPDATE "Integration" SET connected = @connected, handle = @handle, webhookUrl = @webhookUrl, webhookSecret = @webhookSecret, connectedAt = @connectedAt, connectedById = @connectedById WHERE id = @id AND workspaceId = @workspaceId`,
    );
    for (const row of integrations) put.run(row);
    await writer.context().close();
    await editor.context().close();
    await hook.close();
  }
});

test("without JavaScript: an Admin's chain form refuses bad input beside the field, and a reviewer answers by plain post", async ({
  browser,
  baseURL,
  db,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: authFile("Admin") });
  const page = await context.newPage();
  try {
    await page.goto("/settings/approvals");
    await page.getByLabel("Name").fill("Tweets need nobody");
    const refused = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Save chain" }).click();
    expect((await refused).status()).toBe(400);
    await expect(page.getByText("Tick at least one approver for step 1, or choose “No approval needed”.")).toBeVisible();
    await page.getByLabel("Applies to").selectOption({ label: "X posts" });
    await page.getByLabel("No approval needed").check();
    await page.getByRole("button", { name: "Save chain" }).click();
    await expect(page.getByTestId("chain")).toContainText("No approval needed");

    const created = await postForm(page.request, baseURL!, "/content/new", { title: "Plain review", type: "blog", tags: "" });
    const itemId = new URL(created.headers()["location"], baseURL).searchParams.get("id")!;
    await page.goto(`/editor?id=${itemId}`);
    await page.getByRole("button", { name: "Make review link" }).click();
    const link = await page.getByTestId("review-link").inputValue();
    const outsider = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: { cookies: [], origins: [] } });
    const client = await outsider.newPage();
    await client.goto(link);
    await client.getByLabel("Your name").fill("Pat Plain");
    await client.getByLabel("Comment or what should change").fill("Looks right to me");
    await client.getByRole("button", { name: "Comment" }).click();
    await expect(client.getByTestId("review-outcome")).toHaveText("Thank you: your comment was sent to the team.");
    await outsider.close();
    db.prepare(`DELETE FROM "ContentItem" WHERE id = ?`).run(itemId);
  } finally {
    db.prepare(`DELETE FROM ApprovalChain`).run();
    await context.close();
  }
});
