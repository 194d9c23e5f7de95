// Issue 52 in the browser: the review page's scripts run (no page error on load or on answering), and
// the walk: Marcus, then the client, approve; Marcus edits; nothing publishes it with the
// override any more, and an Admin's "Publish without approval" is a named act with its reason.
import { expect, test, type Page } from "./fixtures";
import { authFile } from "./accounts";
import { allSaved, editable } from "./rich-body";
import { postForm, waitForHydration } from "./utils";

/** Scores below the seeded threshold of 85, as the item did. */
const BELOW = "Stuff we made. It is good.";

function pageErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  return errors;
}

test("the review page's scripts run, and the issue's walk: an edit after both approvals is approved again, or published as a named act", async ({
  page,
  browser,
  baseURL,
  db,
}) => {
  test.slow();
  const made: string[] = [];
  const writer = await (await browser.newContext({ baseURL, storageState: authFile("Writer") })).newPage();
  const editor = await (await browser.newContext({ baseURL, storageState: authFile("Editor") })).newPage();
  const outsider = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] }, viewport: { width: 390, height: 844 } });
  try {
    const chain = await postForm(page.request, baseURL!, "/settings/approvals", {
      intent: "add-chain",
      name: "Marcus then the client",
      scope: "type:blog",
      step1: "member:user-marcus",
      step2: "role:External",
      onApproval: "publish",
    });
    expect(chain.status()).toBe(200);
    const created = await postForm(writer.request, baseURL!, "/content/new", { title: "For the client", type: "blog", tags: "" });
    const itemId = new URL(created.headers()["location"], baseURL).searchParams.get("id")!;
    made.push(itemId);
    db.prepare("UPDATE ContentItem SET body = ? WHERE id = ?").run(BELOW, itemId);
    const submit = await postForm(writer.request, baseURL!, `/editor?id=${itemId}`, {
      intent: "transition",
      id: itemId,
      transition: "submit",
    });
    expect(submit.status()).toBe(200);

    // Marcus first asks for changes; Priya submits again: the panel keeps the first round.
    await editor.goto(`/editor?id=${itemId}`);
    await waitForHydration(editor);
    await editor.getByLabel("Note (needed to request changes)").fill("Say who made it");
    await editor.getByRole("button", { name: "Request changes" }).last().click();
    await expect(editor.getByTestId("chain-standing")).toHaveText("Marcus then the client: Changes requested");
    const again = await postForm(writer.request, baseURL!, `/editor?id=${itemId}`, {
      intent: "transition",
      id: itemId,
      transition: "submit",
    });
    expect(again.status()).toBe(200);
    await editor.reload();
    await expect(editor.getByRole("list", { name: "Decisions" })).toContainText("Earlier roundMarcus Rivera asked for changes at step 1");
    await expect(editor.getByRole("list", { name: "Decisions" })).toContainText("Say who made it");

    // Marcus approves his step and makes the client's link.
    await editor.getByRole("button", { name: "Approve step" }).click();
    const standing = editor.getByTestId("chain-standing");
    await expect(standing).toHaveText("Marcus then the client: Step 2 of 2: waiting for an external reviewer");
    await editor.getByRole("button", { name: "Make review link" }).click();
    const link = await editor.getByTestId("review-link").inputValue();

    // The client's page hydrates without a page error, and the approval is answered by script.
    const client = await outsider.newPage();
    const errors = pageErrors(client);
    const broke = new Promise<never>((_, reject) => client.once("pageerror", reject));
    broke.catch(() => undefined); // awaited in the race below; an error before it is not "unhandled"
    await client.goto(link);
    // Hydrated, or the first page error (the review bundle's `process is not defined`) fails the test at once.
    await Promise.race([waitForHydration(client), broke]);
    await client.getByLabel("Your name").fill("Cleo Client");
    await client.getByRole("button", { name: "Approve" }).click();
    await expect(client.getByTestId("review-outcome")).toHaveText("Thank you: your approval was recorded (Approved).");
    await expect(client.getByTestId("review-standing")).toHaveText("Approved");
    await expect(client.getByText(/score|threshold/)).toHaveCount(0);
    await expect(client.getByText("This item changed after the link was sent", { exact: false })).toHaveCount(0);
    expect(errors).toEqual([]);
    if (process.env.DEFECTS_SCREENS)
      for (const width of [390, 1440]) {
        await client.setViewportSize({ width, height: 900 });
        await client.screenshot({ path: `${process.env.DEFECTS_SCREENS}/review-approved-${width}.png`, fullPage: true });
      }

    // Approved by both; Marcus then edits the text.
    await editor.reload();
    await expect(standing).toHaveText("Marcus then the client: Approved by every step");
    const body = await editable(editor);
    await body.fill(`${BELOW} Marcus adds a line.`);
    await expect(allSaved(editor)).toBeVisible();
    // The live document reaches the item's text within the store's debounce (2 s at most).
    const stored = () => (db.prepare("SELECT body FROM ContentItem WHERE id = ?").get(itemId) as { body: string }).body;
    await expect.poll(stored).toContain("Marcus adds a line.");
    await editor.reload();
    await expect(standing).toHaveText("Marcus then the client: Step 1 of 2: waiting for Marcus Rivera");
    await expect(editor.getByText("The content changed after an approval: that step approves again.")).toBeVisible();
    await expect(editor.getByText("Approved by every step")).toHaveCount(0);
    await expect(editor.getByRole("button", { name: "Publish", exact: true })).toBeDisabled();
    // Posting the override by hand is refused too.
    const forced = await postForm(editor.request, baseURL!, `/editor?id=${itemId}`, {
      intent: "transition",
      id: itemId,
      transition: "approve",
      override: "true",
    });
    expect(forced.status()).toBe(409);
    // Editors are not offered the Admin's way out.
    await expect(editor.getByText("Publish without approval (Admins)")).toHaveCount(0);

    // The Admin publishes without approval, with a reason; the panel keeps it.
    await page.goto(`/editor?id=${itemId}`);
    await waitForHydration(page);
    await page.getByText("Publish without approval (Admins)").click();
    await page.getByLabel("Reason (required)").fill("The launch cannot wait for the client");
    if (process.env.DEFECTS_SCREENS)
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.getByTestId("approval-panel").screenshot({ path: `${process.env.DEFECTS_SCREENS}/approval-panel-waiting-${width}.png` });
      }
    await page.getByRole("button", { name: "Publish without approval" }).click();
    await expect(page.getByTestId("chain-standing")).toHaveText("Marcus then the client: Published without approval");
    await expect(page.getByTestId("approval-panel")).toContainText("Sarah Chen published without approval");
    await expect(page.getByTestId("approval-panel")).toContainText("The launch cannot wait for the client");
    await expect(page.getByText("The content changed after an approval: that step approves again.")).toHaveCount(0);
    const status = db.prepare("SELECT status FROM ContentItem WHERE id = ?").get(itemId) as { status: string };
    expect(status.status).toBe("published");
    if (process.env.DEFECTS_SCREENS) {
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.getByTestId("approval-panel").screenshot({ path: `${process.env.DEFECTS_SCREENS}/approval-panel-${width}.png` });
        await client.setViewportSize({ width, height: 900 });
        await client.goto(link);
        await client.screenshot({ path: `${process.env.DEFECTS_SCREENS}/review-page-${width}.png`, fullPage: true });
      }
      await editor.setViewportSize({ width: 1440, height: 900 });
      await editor.goto(`/editor?id=${itemId}`);
      await editor
        .getByTestId("approval-panel")
        .screenshot({ path: `${process.env.DEFECTS_SCREENS}/approval-panel-published-editor-1440.png` });
    }
    expect(errors).toEqual([]);
  } finally {
    db.prepare(`DELETE FROM ApprovalChain`).run();
    for (const id of made) {
      for (const table of ["ChannelPost", "PublishDelivery", "Notification", "ActivityEvent", "ContentRevision", "ContentTag", "Comment"])
        db.prepare(`DELETE FROM "${table}" WHERE contentId = ?`).run(id);
      db.prepare(`DELETE FROM "ContentItem" WHERE id = ?`).run(id);
    }
    await outsider.close();
    await writer.context().close();
    await editor.context().close();
  }
});
