import { expect, test } from "./fixtures";
import { allSaved, openEditor, reloadEditor, richBody } from "./rich-body";
import { answerToPost, expectNoThirdPartyRequests, forbidThirdPartyRequests, postForm } from "./utils";

test("opens the most recently edited item with every element of the screen", async ({ page, db }) => {
  const outside = forbidThirdPartyRequests(page);
  // Other specs on this worker may have edited items since the seed: make the sample article the latest.
  const now = new Date().toISOString().replace("Z", "+00:00");
  db.prepare(`UPDATE ContentItem SET updatedAt = ? WHERE title = 'The Future of AI in Content Marketing'`).run(now);
  await page.goto("/editor");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Future of AI in Content Marketing");
  for (const name of ["History", "Share", "Publish", "AI Enhance", "Preview"]) {
    await expect(page.getByRole("button", { name, exact: true })).toBeVisible();
  }
  await expect(allSaved(page)).toBeVisible();
  const stats = page.getByTestId("editor-stats");
  await expect(stats).toContainText("186 words");
  await expect(stats).toContainText(/Readability: \d+%/);
  await expect(stats).toContainText("1 min read");
  const me = page.getByTestId("collaborator").filter({ hasText: "Sarah Chen (you)" });
  await expect(me).toContainText("Editing now");
  await expect(page.getByTestId("collaborator").filter({ hasText: "Marcus Rivera" })).toBeVisible();
  // Located suggestions from the built-in assistant: the sample article's wordy phrase and intensifier among them.
  await expect(page.getByTestId("suggestion").filter({ hasText: "Replace “in order to” with “to”" })).toBeVisible();
  await expect(page.getByTestId("suggestion").filter({ hasText: "Remove “really”" })).toBeVisible();
  await expect(page.getByTestId("voice-score-value")).toHaveText(/^\d+$/);
  await expect(page.getByTestId("comment")).toHaveCount(2);
  await expectNoThirdPartyRequests(outside);
});

test("word count follows the text live", async ({ page }) => {
  const body = await openEditor(page, "content-012");
  await body.fill("One two three.");
  await expect(page.getByTestId("editor-stats")).toContainText("3 words");
});

test("the word count counts the words a reader reads, not the Markdown marks or link targets", async ({ page, baseURL }) => {
  const created = await postForm(page.request, baseURL!, "/content/new", { title: `Marks ${Date.now()}`, type: "blog" });
  const id = new URL(created.headers()["location"], baseURL).searchParams.get("id")!;
  const saved = await postForm(page.request, baseURL!, `/content/${id}/save`, {
    version: "1",
    body: "## Plan\n\nRead **our** [guide](https://example.com/a/long/path).",
  });
  expect(saved.status()).toBe(200);
  await openEditor(page, id);
  await expect(page.getByTestId("editor-stats")).toContainText("4 words");
});

test("apply suggestion edits exactly its span", async ({ page }) => {
  const body = await openEditor(page, "content-sample");
  await expect(body).toContainText("Brand voice really matters");
  await page.getByTestId("suggestion").filter({ hasText: "really" }).getByRole("button", { name: "Apply Suggestion" }).click();
  await expect(body).toContainText("Brand voice matters more than ever");
  await expect(page.getByTestId("editor-stats")).toContainText("185 words");
});

test("autosave persists the text across a reload", async ({ page }) => {
  const body = await openEditor(page, "content-010");
  const text = `Autosaved at ${Date.now()}`;
  await body.fill(text);
  await expect(allSaved(page)).toBeVisible();
  await expect(await reloadEditor(page)).toHaveText(text);
});

test("a stale save from a client that is not live gets 409 with both versions and the merged text", async ({ page, baseURL }) => {
  // Without JavaScript (or from the API) the text is saved against the version it was read at.
  const body = await openEditor(page, "content-011");
  const original = await body.innerText();
  await body.press("Control+Home");
  await page.keyboard.type("Live words. ");
  await expect(allSaved(page)).toBeVisible();
  const stale = await postForm(page.request, baseURL!, "/content/content-011/save", { version: "1", body: `${original}\n\nAn API line.` });
  expect(stale.status()).toBe(409);
  const reply = await stale.json();
  expect(reply.current.body).toContain("Live words.");
  expect(reply.merged).toContain("Live words.");
  expect(reply.merged).toContain("An API line.");
  // Nothing was written: the live text is unchanged.
  await page.reload();
  await expect(body).toContainText("Live words.");
  await expect(body).not.toContainText("An API line.");
});

test("comments can be added and an empty one is refused", async ({ page }) => {
  await page.goto("/editor?id=content-sample");
  const input = page.getByRole("combobox", { name: "Add a comment" });
  await input.fill("   ");
  await input.press("Enter");
  await expect(page.getByText("Write a comment first.")).toBeVisible();
  await input.fill("Ship it after one more pass.");
  await input.press("Enter");
  const added = page.getByTestId("comment").first();
  await expect(added).toContainText("Ship it after one more pass.");
  await expect(input).toHaveValue("");
  // Shown resolved at once: the reload waits for the server's answer, which it would cancel.
  const answered = answerToPost(page, "/editor");
  await added.getByRole("button", { name: "Resolve" }).click();
  await expect(added).toHaveAttribute("data-resolved", "true");
  expect((await answered).ok()).toBe(true);
  await page.reload();
  await expect(page.getByTestId("comment").first()).toHaveAttribute("data-resolved", "true");
  await expect(page.getByTestId("comment").first().getByRole("button", { name: "Reopen" })).toBeVisible();
});

test("offline, the text stays and saves once the network is back", async ({ page, context }) => {
  const body = await openEditor(page, "content-013");
  await context.setOffline(true);
  await expect(page.getByRole("status").filter({ hasText: "Offline — changes kept on this device" })).toBeVisible();
  await body.fill("Written on a train without signal.");
  await context.setOffline(false);
  await expect(allSaved(page)).toBeVisible({ timeout: 15_000 });
  await page.reload();
  await expect(body).toHaveText("Written on a train without signal.");
});

test("bad saves are refused with a message and change nothing", async ({ page, baseURL, playwright }) => {
  const before = await (await openEditor(page, "content-014")).innerText();
  // Its own client: the route answers without reading the body, and the connection is not reused.
  const own = await playwright.request.newContext({ storageState: await page.context().storageState() });
  const long = await postForm(own, baseURL!, "/content/content-014/save", { version: "1", body: "x".repeat(900 * 1024) });
  expect(long.status()).toBe(400);
  expect((await long.json()).formError).toContain("longer than 200,000 characters");
  await own.dispose();
  // Past every route's size (1 MB) the body is refused unread with a 413 in the same shape:
  // server/body-limit.test.ts (Playwright's request client reports the early answer as a reset).
  const unknown = await postForm(page.request, baseURL!, "/content/nope/save", { version: "1", body: "hi" });
  expect(unknown.status()).toBe(404);
  const illegal = await postForm(page.request, baseURL!, "/editor", { intent: "transition", id: "content-014", transition: "restore" });
  expect(illegal.status()).toBe(409);
  await page.reload();
  await expect(richBody(page)).toBeVisible();
  expect(await richBody(page).innerText()).toBe(before);
});

test("an unknown item is a clear 404", async ({ page }) => {
  const response = await page.goto("/editor?id=does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("alert")).toContainText("That content item does not exist.");
});
