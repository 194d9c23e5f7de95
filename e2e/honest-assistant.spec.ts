import { captionLength } from "../app/domain/assistant/caption-length";
import { startFakeOllama, type FakeOllama } from "../tests/fake-ollama";
import { E2E } from "./env";
import { expect as baseExpect, test, type Page } from "./fixtures";
import { openEditor, richBody } from "./rich-body";
import { postForm } from "./utils";

// The runner really works here, and the Settings changes are shared by the file's tests: in order.
test.describe.configure({ mode: "serial" });
test.setTimeout(90_000);
const expect = baseExpect.configure({ timeout: 10_000 });
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

const runsPublished = async (page: Page) => {
  const text = (await page.getByTestId("runs-published").textContent()) ?? "";
  const [published, finished] = text.match(/\d+/g)!.map(Number);
  return { published, finished };
};

const SOCIAL = "Honest social brief";
const ARTICLE = "Honest article brief";

test("a run the reviewer returns reads “Returned to draft” with the reviewer's list, is not counted as published, and the note is the agent's", async ({
  page,
}) => {
  try {
    // A bar no draft reaches: every run goes back to its writer.
    await setThreshold(page, "100");
    await page.goto("/workflow");
    const before = await runsPublished(page);
    await queueBrief(page, ARTICLE, "blog", "Explain why review steps matter for marketing teams. Cover faster reviews and clear owners.");
    await queueBrief(
      page,
      SOCIAL,
      "social",
      "Announce the spring release for marketing teams. Cover faster reviews, the shared brand voice, scheduled publishing, analytics that explain themselves and the new agent workflow. Close with an invitation to the launch webinar.",
    );
    await page.getByRole("button", { name: "Start Workflow" }).click();
    await expect(page.getByTestId("queued-brief")).toHaveCount(0, RUN_TIMEOUT);
    await expect(page.getByTestId("active-run")).toHaveCount(0, RUN_TIMEOUT);
    await page.getByRole("button", { name: "Pause Workflow" }).click();

    await page.goto("/workflow/logs");
    const entry = page.getByTestId("run-log-entry").filter({ hasText: ARTICLE });
    await expect(entry).toHaveAttribute("data-outcome", "returned");
    await expect(entry.getByTestId("run-status")).toHaveText("Returned to draft");
    await expect(page.getByTestId("run-status").filter({ hasText: "Succeeded" })).toHaveCount(0);
    await expect(entry).toContainText("requested by Sarah Chen");
    const asked = entry.getByTestId("changes-asked").getByRole("listitem");
    expect(await asked.count()).toBeGreaterThan(0);
    await expect(asked.first()).toHaveText(/^(Tone fit|Brand keywords|Guidelines|Readability)/);
    await expect(entry.getByRole("button", { name: `Run “${ARTICLE}” again from the Content Editor` })).toBeDisabled();
    await expect(entry).toContainText("Edit the item first");

    // Finished, not published: the runs this test started (and the seeded briefs) all came back.
    await page.goto("/workflow");
    const after = await runsPublished(page);
    expect(after.published).toBe(before.published);
    expect(after.finished).toBeGreaterThanOrEqual(before.finished + 2);

    // The reviewer's note is written as the agent, with the member who queued it as requester.
    await page.goto("/workflow/logs");
    await page
      .getByTestId("run-log-entry")
      .filter({ hasText: ARTICLE })
      .getByTestId("changes-asked")
      .getByRole("link", { name: ARTICLE })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(ARTICLE);
    await expect(page.getByText("Quality Reviewer (agent) · requested by Sarah Chen").first()).toBeVisible();
  } finally {
    await setThreshold(page, "85");
  }
});

test("a social brief yields a post within X's 280-character limit", async ({ page }) => {
  await page.goto("/workflow/logs");
  await page
    .getByTestId("run-log-entry")
    .filter({ hasText: SOCIAL })
    .getByTestId("changes-asked")
    .getByRole("link", { name: SOCIAL })
    .click();
  const body = richBody(page);
  await expect(body).toContainText(/^Today we are announcing the spring release/);
  const post = await body.innerText();
  expect(captionLength(post, "twitter")).toBeLessThanOrEqual(280);
  await expect(body.locator("h1, h2, h3")).toHaveCount(0);
  // The post fills the item's channel posts: the seed connects X and LinkedIn.
  const x = page.getByTestId("channels-panel").locator('[data-channel="twitter"]');
  await expect(x.getByRole("textbox", { name: "X text" })).toHaveValue(/^Today we are announcing the spring release/);
  await expect(x.getByTestId("limit-counter")).not.toContainText("over the limit");
  await expect(page.getByTestId("channels-panel").locator('[data-channel="linkedin"]')).toBeVisible();
});

test.describe("with a local Ollama running", () => {
  let fake: FakeOllama;
  test.beforeAll(async ({ server }) => {
    fake = await startFakeOllama(
      ["llama3.2:1b", "qwen2.5:0.5b"],
      "A sharper text from the local model.",
      E2E.ollamaPort(Number(new URL(server.url).port)),
    );
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
});
