import { expect, test, type Page } from "./fixtures";
import { allSaved, editable } from "./rich-body";
import { postForm } from "./utils";

/** A fresh draft owned by the signed-in Admin, opened in the editor. */
async function newItem(page: Page, baseURL: string, title: string) {
  const created = await postForm(page.request, baseURL, "/content/new", { title, type: "blog", tags: "assistant" });
  expect(created.status()).toBe(302);
  await page.goto(created.headers()["location"]);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(allSaved(page)).toBeVisible();
  return editable(page);
}

const saved = allSaved;

test("apply a suggestion changes exactly its span, and the next one still lands after it", async ({ page, baseURL }) => {
  const body = await newItem(page, baseURL!, "Suggestion journey");
  await body.fill("We did it in order to learn the the basics.");
  const wordy = page.getByTestId("suggestion").filter({ hasText: "Replace “in order to” with “to”" });
  await expect(wordy).toBeVisible();
  await expect(page.getByTestId("suggestion").filter({ hasText: "Remove the repeated “the”" })).toBeVisible();
  await expect(page.getByTestId("voice-score-value")).toHaveText(/^\d+$/);
  // Each part below the threshold says how to raise it, pointing at the place.
  await expect(
    page
      .getByTestId("voice-fixes")
      .filter({ hasText: /“[^”]+” could fit in/ })
      .first(),
  ).toBeVisible();
  await wordy.getByRole("button", { name: "Apply Suggestion" }).click();
  await expect(body).toHaveText("We did it to learn the the basics.");
  await page
    .getByTestId("suggestion")
    .filter({ hasText: "Remove the repeated “the”" })
    .getByRole("button", { name: "Apply Suggestion" })
    .click();
  await expect(body).toHaveText("We did it to learn the basics.");
  // Only the brand keywords the text does not use are left to suggest.
  await expect(page.locator('[data-testid="suggestion"]:not([data-kind="keyword"])')).toHaveCount(0);
  await expect(page.locator('[data-testid="suggestion"][data-kind="keyword"]').first()).toBeVisible();
  await expect(saved(page)).toBeVisible();
  await page.reload();
  await expect(body).toHaveText("We did it to learn the basics.");
});

test("AI Enhance shows a before/after diff; discard keeps the text, accept saves a revision", async ({ page, baseURL }) => {
  const body = await newItem(page, baseURL!, "Enhance journey");
  const original = "Our revolutionary plan is basically ready. We did it in order to learn.";
  await body.fill(original);
  await expect(saved(page)).toBeVisible();

  await page.getByRole("button", { name: "AI Enhance" }).click();
  const proposal = page.getByTestId("proposal");
  await expect(proposal.getByTestId("proposal-source")).toContainText("built-in assistant");
  await expect(proposal.locator("del").filter({ hasText: "revolutionary" })).toBeVisible();
  await expect(proposal.locator("ins").filter({ hasText: "new" })).toBeVisible();
  await proposal.getByRole("button", { name: "Discard" }).click();
  await expect(proposal).toBeHidden();
  await expect(body).toHaveText(original);

  await page.getByRole("button", { name: "AI Enhance" }).click();
  await proposal.getByRole("button", { name: "Accept" }).click();
  await expect(proposal).toBeHidden();
  await expect(body).toHaveText("Our new plan is ready. We did it to learn.");
  await page.getByRole("button", { name: "History" }).click();
  await expect(page.getByTestId("revisions").getByRole("listitem").first()).toContainText("Enhanced with the assistant");
  await expect(page.getByTestId("item-usage")).toContainText("2 assistant calls for this item (0 by the model)");
  await page.reload();
  await expect(body).toHaveText("Our new plan is ready. We did it to learn.");
});

test("AI Draft without a model is a labelled outline of the brief, and Preview renders Markdown and drops raw HTML", async ({
  page,
  baseURL,
}) => {
  const body = await newItem(page, baseURL!, "Draft journey");
  await page.getByRole("button", { name: "AI Draft" }).click();
  await page.getByRole("button", { name: "Generate draft" }).click();
  await expect(page.getByText("Write a brief first: what the piece should say and for whom.")).toBeVisible();
  await page.getByLabel("Draft from a brief").fill("Explain why onboarding emails fail. Show three fixes.");
  await page.getByRole("button", { name: "Generate draft" }).click();
  const proposal = page.getByTestId("proposal");
  // Labelled as an outline, not scored, shown as a reader sees it (the one renderer: no raw “#”).
  await expect(proposal.getByTestId("outline-notice")).toContainText("An outline, not a finished text.");
  await expect(proposal.getByTestId("proposal-source")).toContainText("an outline is not scored");
  await expect(proposal.getByTestId("proposal-diff").getByRole("heading", { level: 2, name: "Three fixes" })).toBeVisible();
  await expect(proposal.getByTestId("proposal-diff")).not.toContainText("#");
  await proposal.getByRole("button", { name: "Accept" }).click();
  // The outline's Markdown shows as formatting: its title the first heading, the brief's points as sections.
  await expect(body.getByRole("heading", { level: 1, name: "Draft journey" })).toBeVisible();
  await expect(body.getByRole("heading", { level: 2, name: "Three fixes" })).toBeVisible();
  await expect(body).toContainText("Writer's note: open as the brief asks: “Explain why onboarding emails fail.”");
  await expect(body).not.toContainText("[");

  // Typed markup is text, not HTML: "# " makes a heading, and the tags stay as typed (once the
  // accepted draft is in and the editor takes typing again).
  await editable(page);
  await body.fill("");
  await body.pressSequentially("# Heading");
  await body.press("Enter");
  await body.pressSequentially('<script>window.__injected = true</script><img src=x onerror="window.__injected = true">');
  await expect(body).toContainText("<script>window.__injected = true</script>");
  await expect(body.locator("script, img")).toHaveCount(0);
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByTestId("preview");
  await expect(preview.getByRole("heading", { name: "Heading" })).toBeVisible();
  // The one renderer shows the escaped tags as the text they are, never as elements.
  await expect(preview).toContainText("<script>window.__injected = true</script>");
  await expect(preview.locator("script, img")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
});

test("approving below the threshold needs the explicit override", async ({ page, baseURL }) => {
  const body = await newItem(page, baseURL!, "Threshold journey");
  await body.fill("Short note.");
  await expect(saved(page)).toBeVisible();
  await expect(page.getByTestId("voice-score")).toContainText("Below the threshold (85)");
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByTestId("submitted-score")).toContainText(/brand-voice score of \d+ \(threshold 85, not met yet/);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(/Brand-voice score \d+ is below the threshold of 85/);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.locator("h1 + div")).toContainText("In Review");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Override and publish" }).click();
  await expect(page.locator("h1 + div")).toContainText("Published");
});

test("an unreachable model: the built-in assistant answers, says why, and the usage shows the fallback", async ({ page, baseURL }) => {
  await page.goto("/settings?tab=agents");
  const model = page.getByTestId("ai-model");
  await model.getByLabel("Base URL").fill("http://127.0.0.1:9/v1");
  await model.getByLabel("Model", { exact: true }).fill("nowhere-model");
  await model.getByLabel("API key").fill("sk-e2e-secret");
  await model.getByRole("button", { name: "Save model" }).click();
  await expect(model.getByRole("status")).toHaveText("Model saved. AI Enhance and AI Draft now ask it first.");
  await expect(page.getByTestId("ai-model-status")).toHaveText("Using nowhere-model at http://127.0.0.1:9/v1 with an API key.");
  await page.reload();
  await expect(model.getByLabel("API key")).toHaveValue("");
  expect(await page.content()).not.toContain("sk-e2e-secret");
  await model.getByRole("button", { name: "Test connection" }).click();
  await expect(model.getByRole("alert")).toContainText("The model server at 127.0.0.1:9 uses port 9, which Node's fetch refuses");

  const body = await newItem(page, baseURL!, "Fallback journey");
  await body.fill("We did it in order to learn.");
  await expect(saved(page)).toBeVisible();
  await page.getByRole("button", { name: "AI Enhance" }).click();
  const proposal = page.getByTestId("proposal");
  await expect(proposal.getByRole("alert")).toContainText(
    /^The model was unavailable: The model server at 127\.0\.0\.1:9 uses port 9, which Node's fetch refuses.*The built-in assistant answered instead\.$/,
  );
  await expect(proposal.getByTestId("proposal-source")).toContainText("built-in assistant");
  await proposal.getByRole("button", { name: "Discard" }).click();
  await expect(body).toHaveText("We did it in order to learn.");
  await expect(page.getByTestId("item-usage")).toContainText("1 assistant call for this item (0 by the model, 1 fell back)");

  await page.goto("/settings?tab=agents");
  await expect(page.getByTestId("ai-usage").getByRole("row").filter({ hasText: "Built-in (fallback)" }).first()).toBeVisible();
  await model.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByTestId("ai-model-status")).toHaveText(
    "No model is configured: the built-in assistant (writing rules and templates) answers everything.",
  );
});
