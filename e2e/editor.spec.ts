import { expect, test } from "./fixtures";
import { expectNoThirdPartyRequests, forbidThirdPartyRequests, postForm } from "./utils";

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
  await expect(page.getByRole("status").filter({ hasText: "Auto-saved" })).toBeVisible();
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
  await page.goto("/editor?id=content-012");
  const body = page.getByRole("textbox", { name: "Content body" });
  await body.fill("One two three.");
  await expect(page.getByTestId("editor-stats")).toContainText("3 words");
  // Words of the text, not of the marks: the link's URL and the emphasis marks are not counted.
  await body.fill("## Plan\n\nRead **our** [guide](https://example.com/a/long/path).");
  await expect(page.getByTestId("editor-stats")).toContainText("4 words");
});

test("apply suggestion edits exactly its span", async ({ page }) => {
  await page.goto("/editor?id=content-sample");
  const body = page.getByRole("textbox", { name: "Content body" });
  await expect(body).toHaveValue(/Brand voice really matters/);
  await page.getByTestId("suggestion").filter({ hasText: "really" }).getByRole("button", { name: "Apply Suggestion" }).click();
  await expect(body).toHaveValue(/Brand voice matters more than ever/);
  await expect(page.getByTestId("editor-stats")).toContainText("185 words");
});

test("autosave persists the text across a reload", async ({ page }) => {
  await page.goto("/editor?id=content-010");
  const body = page.getByRole("textbox", { name: "Content body" });
  const text = `Autosaved at ${Date.now()}`;
  await body.fill(text);
  await expect(page.getByRole("status").filter({ hasText: /Saved at/ })).toBeVisible();
  await page.reload();
  await expect(body).toHaveValue(text);
});

test("a save against a newer version shows both versions and keeps the user's text", async ({ page, browser }) => {
  await page.goto("/editor?id=content-011");
  const other = await browser.newPage();
  await other.goto("/editor?id=content-011");
  await other.getByRole("textbox", { name: "Content body" }).fill("Their version");
  await expect(other.getByRole("status").filter({ hasText: /Saved at/ })).toBeVisible();

  await page.getByRole("textbox", { name: "Content body" }).fill("My version");
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Your version" })).toHaveValue("My version");
  await expect(dialog.getByRole("textbox", { name: "Their version" })).toHaveValue("Their version");
  await dialog.getByRole("button", { name: "Keep mine" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Saved at/ })).toBeVisible();
  await other.reload();
  await expect(other.getByRole("textbox", { name: "Content body" })).toHaveValue("My version");
  await other.close();
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
  await added.getByRole("button", { name: "Resolve" }).click();
  await expect(added).toHaveAttribute("data-resolved", "true");
  await page.reload();
  await expect(page.getByTestId("comment").first()).toHaveAttribute("data-resolved", "true");
  await expect(page.getByTestId("comment").first().getByRole("button", { name: "Reopen" })).toBeVisible();
});

test("offline, the text stays and saves once the network is back", async ({ page, context }) => {
  await page.goto("/editor?id=content-013");
  const body = page.getByRole("textbox", { name: "Content body" });
  await context.setOffline(true);
  await body.fill("Written on a train without signal.");
  await expect(page.getByRole("status").filter({ hasText: "Offline — not saved" })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole("status").filter({ hasText: /Saved at/ })).toBeVisible({ timeout: 15_000 });
  await page.reload();
  await expect(body).toHaveValue("Written on a train without signal.");
});

test("bad saves are refused with a message and change nothing", async ({ page, baseURL }) => {
  await page.goto("/editor?id=content-014");
  const before = await page.getByRole("textbox", { name: "Content body" }).inputValue();
  const huge = await postForm(page.request, baseURL!, "/content/content-014/save", { version: "1", body: "x".repeat(10 * 1024 * 1024) });
  expect(huge.status()).toBe(400);
  expect((await huge.json()).formError).toContain("longer than 200,000 characters");
  const unknown = await postForm(page.request, baseURL!, "/content/nope/save", { version: "1", body: "hi" });
  expect(unknown.status()).toBe(404);
  const illegal = await postForm(page.request, baseURL!, "/editor", { intent: "transition", id: "content-014", transition: "restore" });
  expect(illegal.status()).toBe(409);
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Content body" })).toHaveValue(before);
});

test("an unknown item is a clear 404", async ({ page }) => {
  const response = await page.goto("/editor?id=does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("alert")).toContainText("That content item does not exist.");
});
