import { startFakeOllama, type FakeOllama } from "../tests/fake-ollama";
import { E2E } from "./env";
import { expect, test, type Page } from "./fixtures";
import { allSaved, editable, openEditor, richBody } from "./rich-body";
import { postForm } from "./utils";

// The runner really works here, and the Settings changes are shared by the file's tests: in order.
test.describe.configure({ mode: "serial" });
test.setTimeout(90_000);
const RUN_TIMEOUT = { timeout: 30_000 };

async function saveSettings(page: Page) {
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved" })).toBeVisible();
}

async function setThreshold(page: Page, value: string) {
  await page.goto("/settings?tab=agents");
  await page.getByLabel("Content Generation Threshold").fill(value);
  await page.getByLabel("Send it back to draft with the reviewer's notes").check();
  await saveSettings(page);
}

async function queueBrief(page: Page, title: string, type: string, brief: string) {
  const form = page.getByRole("form", { name: "Add a brief" });
  await form.getByLabel("Brief title").fill(title);
  await form.locator("#brief-type").selectOption(type);
  await form.locator("#brief-text").fill(brief);
  await form.getByRole("button", { name: "Queue brief" }).click();
  await expect(page.getByTestId("queued-brief").filter({ hasText: title })).toBeVisible();
}

const BRIEF =
  "Announce the spring release for marketing teams. Cover faster reviews, the shared brand voice and scheduled publishing. Close with an invitation to the launch webinar.";
const STAMP = Date.now();
const NO_MODEL = `Writer journey ${STAMP}`;
const WITH_MODEL = `Model journey ${STAMP}`;
/** What the fake local model writes: a text with its own figures, which passes the seeded brand voice (85). */
const MODEL_ARTICLE = `# Spring launch for marketing teams

A sharper text from the local model. Our spring release helps marketing teams ship faster.

## Faster reviews

Reviews took 9 days last year. The data-driven review board now answers in 3 days.

## One brand voice

Each writer checks the brand voice before review. The result is 40% fewer edits, which keeps each story authentic in 9 of 10 reviews.

## Join the launch webinar

Our innovative planner saved 12 hours a week for 30 customer-first teams. Join the launch webinar on 4 May.`;

test("without a model a brief runs to “Needs a writer” with an outline; the writer writes, Run again finishes the pipeline and the reviewer names what to change", async ({
  page,
}) => {
  try {
    // A bar the writer's few lines do not reach: the reviewer returns them with its list.
    await setThreshold(page, "100");
    await page.goto("/workflow");
    await queueBrief(page, NO_MODEL, "blog", BRIEF);
    await page.getByRole("button", { name: "Start Workflow" }).click();
    const run = page.getByTestId("active-run").filter({ hasText: NO_MODEL });
    await expect(run.getByTestId("run-status")).toHaveText("Needs a writer", RUN_TIMEOUT);
    await expect(run).toContainText("The outline is in the item");
    await expect(run.getByRole("button", { name: `Run “${NO_MODEL}” again from the Content Editor` })).toBeDisabled();
    await expect(run).toContainText("Write the piece first");

    // The member who queued it is told.
    await page.getByRole("button", { name: /^Notifications, \d+ unread$/ }).click();
    await expect(page.locator("#notification-list")).toContainText(`“${NO_MODEL}” needs a writer`);
    await page.keyboard.press("Escape");

    // The item holds the outline: labelled, the brief's points as headings, not scored.
    await run.getByRole("link", { name: "write the piece" }).click();
    // The page's title comes first; the outline in the body opens with the same words as a heading.
    await expect(page.getByRole("heading", { level: 1 }).first()).toHaveText(NO_MODEL);
    const body = richBody(page);
    await expect(body).toContainText("Outline, not a finished text.");
    await expect(body.getByRole("heading", { level: 2, name: "Faster reviews" })).toBeVisible();
    await expect(body).toContainText("Writer's note: open as the brief asks: “Announce the spring release for marketing teams.”");
    await expect(page.getByTestId("voice-score-outline")).toContainText("This is an outline, not a finished text: it is not scored.");

    // The writer writes the piece.
    await editable(page);
    await body.fill("Our spring release is out. Reviews are faster now, and the team can plan the launch webinar together.");
    await expect(allSaved(page)).toBeVisible();
    await expect(page.getByTestId("voice-score-value")).toHaveText(/^\d+$/);

    await page.goto("/workflow");
    const waiting = page.getByTestId("active-run").filter({ hasText: NO_MODEL });
    await waiting.getByRole("button", { name: `Run “${NO_MODEL}” again from the Content Editor` }).click();
    await expect(page.getByTestId("active-run").filter({ hasText: NO_MODEL })).toHaveCount(0, RUN_TIMEOUT);
    await page.getByRole("button", { name: "Pause Workflow" }).click();

    await page.goto("/workflow/logs");
    const entry = page.getByTestId("run-log-entry").filter({ hasText: NO_MODEL });
    await expect(entry).toHaveAttribute("data-outcome", "returned");
    await expect(entry.getByTestId("run-step")).toHaveText([
      /Content Input.*succeeded/,
      /AI Generator.*succeeded.*Wrote an outline with the built-in assistant/,
      /Content Editor.*succeeded/,
      /Style Optimizer.*succeeded/,
      /Quality Reviewer.*succeeded.*Sent back to draft/,
    ]);
    // The verdict names what to change, each part with its place.
    const asked = entry.getByTestId("changes-asked").getByRole("listitem");
    expect(await asked.count()).toBeGreaterThan(0);
    await expect(asked.first()).toHaveText(/^(Tone fit|Brand keywords|Guidelines|Readability)/);
  } finally {
    await setThreshold(page, "85");
  }
});

test.describe("with a local Ollama running", () => {
  let fake: FakeOllama;
  test.beforeAll(async ({ server }) => {
    fake = await startFakeOllama(["llama3.2:1b", "qwen2.5:0.5b"], MODEL_ARTICLE, E2E.ollamaPort(Number(new URL(server.url).port)));
  });
  test.afterAll(async () => fake.close());

  test("Settings lists its models, and Enhance uses the chosen one", async ({ page, baseURL }) => {
    await page.goto("/settings?tab=agents");
    const local = page.getByTestId("local-model");
    await expect(local.getByTestId("ollama-model")).toHaveText([/llama3\.2:1b/, /qwen2\.5:0\.5b/]);
    await local.getByRole("button", { name: "Use qwen2.5:0.5b" }).click();
    await expect(local.getByRole("status")).toContainText("Using qwen2.5:0.5b on the local Ollama server");
    await expect(page.getByTestId("ai-model-status")).toContainText("Using qwen2.5:0.5b");
    try {
      const created = await postForm(page.request, baseURL!, "/content/new", {
        title: "Local model journey",
        type: "blog",
        tags: "assistant",
      });
      const body = await openEditor(page, new URL(created.headers()["location"], baseURL).searchParams.get("id")!);
      await body.fill("Our revolutionary tool is very good.");
      await page.getByRole("button", { name: "AI Enhance" }).click();
      const proposal = page.getByTestId("proposal");
      await expect(proposal.getByTestId("proposal-source")).toContainText("Written by qwen2.5:0.5b");
      await expect(proposal.getByTestId("proposal-diff")).toContainText("A sharper text from the local model.");
      expect(fake.chats.map((c) => c.model)).toContain("qwen2.5:0.5b");
    } finally {
      await page.goto("/settings?tab=agents");
      await page.getByTestId("ai-model").getByRole("button", { name: "Remove" }).click();
      await expect(page.getByTestId("ai-model-status")).toContainText("No model is configured");
    }
  });

  test("with the local model the same brief runs through the pipeline to approval", async ({ page }) => {
    await page.goto("/settings?tab=agents");
    await page.getByTestId("local-model").getByRole("button", { name: "Use llama3.2:1b" }).click();
    await expect(page.getByTestId("ai-model-status")).toContainText("Using llama3.2:1b");
    try {
      await page.goto("/workflow");
      await queueBrief(page, WITH_MODEL, "blog", BRIEF);
      await page.getByRole("button", { name: "Start Workflow" }).click();
      await expect(page.getByTestId("queued-brief").filter({ hasText: WITH_MODEL })).toHaveCount(0, RUN_TIMEOUT);
      await expect(page.getByTestId("active-run").filter({ hasText: WITH_MODEL })).toHaveCount(0, RUN_TIMEOUT);
      await page.getByRole("button", { name: "Pause Workflow" }).click();
      await page.goto("/workflow/logs");
      const entry = page.getByTestId("run-log-entry").filter({ hasText: WITH_MODEL });
      await expect(entry).toHaveAttribute("data-outcome", "approved");
      await expect(entry.getByTestId("run-status")).toHaveText("Approved (waiting to publish)");
      await expect(entry.getByTestId("run-step")).toHaveText([
        /Content Input.*succeeded/,
        /AI Generator.*succeeded.*Drafted \d+ words \(model llama3\.2:1b\)/,
        /Content Editor.*succeeded/,
        /Style Optimizer.*succeeded/,
        /Quality Reviewer.*succeeded.*Passed: score \d+ against the threshold 85/,
        /Publisher.*succeeded/,
      ]);
      expect(fake.chats.some((c) => c.messages.some((m) => m.content.includes("Announce the spring release")))).toBe(true);
    } finally {
      await page.goto("/settings?tab=agents");
      await page.getByTestId("ai-model").getByRole("button", { name: "Remove" }).click();
      await expect(page.getByTestId("ai-model-status")).toContainText("No model is configured");
    }
  });
});
