import { expect, test, type Page } from "./fixtures";
import { startFakeOllama, type FakeOllama } from "../tests/fake-ollama";
import { authFile } from "./accounts";
import { E2E } from "./env";
import { postForm } from "./utils";

// The runner really works here: these journeys change data, so they run in order after the screens.
test.describe.configure({ mode: "serial" });

const RUN_TIMEOUT = { timeout: 20_000 };
/** What the fake model drafts: headings, and a wordy phrase for the Content Editor to fix. */
const MODEL_DRAFT =
  "# Faster reviews for marketing teams\n\nWe changed the review step in order to ship in 3 days instead of 9.\n\n## Join the webinar\n\nThe webinar is on 4 May.";
// Briefs of this file's own: other specs on the worker may already have run the seeded ones.
const STAMP = Date.now();
const REVIEW_BRIEF = `Review journey ${STAMP}`;
const WEBHOOK_BRIEF = `Webhook journey ${STAMP}`;
/** Left waiting for approval, for the log's filters. */
const WAITING_BRIEF = `Waiting journey ${STAMP}`;

async function queueBrief(page: Page, title: string) {
  const form = page.getByRole("form", { name: "Add a brief" });
  await form.getByLabel("Brief title").fill(title);
  await form.locator("#brief-text").fill("Announce faster reviews to marketing teams and invite them to the webinar.");
  await form.getByRole("button", { name: "Queue brief" }).click();
  await expect(page.getByTestId("queued-brief").filter({ hasText: title })).toBeVisible();
  // The live poll can show the brief before the form's own reply clears it: type the next one after that.
  await expect(form.getByLabel("Brief title")).toHaveValue("");
}

async function saveSettings(page: Page) {
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved" })).toBeVisible();
}

async function connectFacebook(page: Page, webhookUrl: string | null) {
  await page.goto("/settings?tab=integrations");
  const card = page.locator('[data-platform="facebook"]');
  // Disconnect asks first (decision 018): open the step, then confirm.
  const disconnect = card.getByText("Disconnect", { exact: true });
  if (await disconnect.isVisible()) {
    await disconnect.click();
    await card.getByRole("button", { name: "Disconnect Facebook" }).click();
    await expect(card).toContainText("Not connected");
  }
  if (webhookUrl === null) return;
  await page.getByRole("button", { name: "Connect Facebook" }).click();
  await card.getByLabel("Account handle").fill("StudioHQ");
  await card.getByLabel("Publishing webhook URL (optional)").fill(webhookUrl);
  await card.getByRole("button", { name: "Connect Facebook" }).click();
  await expect(card).toContainText("Connected as StudioHQ");
}

/** Later journeys expect the seeded brand-voice bar: put back what the first test changes. */
async function restoreReviewSettings(page: Page) {
  await page.goto("/settings?tab=agents");
  await page.getByLabel("Content Generation Threshold").fill("85");
  await page.getByLabel("Send it back to draft with the reviewer's notes").check();
  await saveSettings(page);
}

// These journeys are about running, approving, retrying and publishing, so the briefs are drafted by a
// model (a fake local Ollama on loopback): without one the pipeline waits for a writer (honest-assistant.spec.ts).
let fake: FakeOllama;
test.beforeAll(async ({ server, browser }) => {
  fake = await startFakeOllama(["llama3.2:1b"], MODEL_DRAFT, E2E.ollamaPort(Number(new URL(server.url).port)));
  const page = await browser.newPage({ storageState: authFile("Admin"), baseURL: server.url });
  await page.goto("/settings?tab=agents");
  await page.getByTestId("local-model").getByRole("button", { name: "Use llama3.2:1b" }).click();
  await expect(page.getByTestId("ai-model-status")).toContainText("Using llama3.2:1b");
  await page.close();
});
test.afterAll(async ({ server, browser }) => {
  const page = await browser.newPage({ storageState: authFile("Admin"), baseURL: server.url });
  await page.goto("/settings?tab=agents");
  await page.getByTestId("ai-model").getByRole("button", { name: "Remove" }).click();
  await expect(page.getByTestId("ai-model-status")).toContainText("No model is configured");
  // Later specs on this worker's server expect the workflow as the seed has it: paused.
  await page.goto("/workflow");
  const pause = page.getByRole("button", { name: "Pause Workflow" });
  if (await pause.isVisible()) await pause.click();
  await expect(page.getByRole("button", { name: "Start Workflow" })).toBeVisible();
  await page.close();
  await fake.close();
});

const activeRun = (page: Page, title: string) => page.getByTestId("active-run").filter({ hasText: title });
const logEntry = (page: Page, title: string) => page.getByTestId("run-log-entry").filter({ hasText: title });

test("a brief runs to review, waits for approval, and an approval finishes it", async ({ page }) => {
  const title = REVIEW_BRIEF;
  try {
    // No webhook to a host outside this machine is left from earlier journeys.
    await connectFacebook(page, null);
    await page.goto("/settings?tab=agents");
    await page.getByLabel("Content Generation Threshold").fill("100");
    await page.getByLabel("Wait for an Editor or Admin to approve it").check();
    await saveSettings(page);
    await page.reload();
    await expect(page.getByLabel("Wait for an Editor or Admin to approve it")).toBeChecked();

    await page.goto("/workflow");
    await expect(page.getByTestId("workflow-state")).toHaveText("Paused");
    await queueBrief(page, REVIEW_BRIEF);
    // The next journeys approve this one and leave the last waiting.
    await queueBrief(page, WEBHOOK_BRIEF);
    await queueBrief(page, WAITING_BRIEF);
    await page.getByRole("button", { name: "Start Workflow" }).click();
    await expect(page.getByRole("button", { name: "Pause Workflow" })).toBeVisible();
    await expect(page.getByTestId("workflow-state")).toHaveText("Running");

    // Live progress without a reload: the brief leaves the queue and its run stops at the reviewer.
    const run = activeRun(page, title);
    await expect(run).toHaveAttribute("data-status", "waiting", RUN_TIMEOUT);
    await expect(page.getByTestId("queued-brief").filter({ hasText: title })).toHaveCount(0);
    await expect(run.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "4 of 6 steps");
    await expect(run).toContainText("Waiting for approval after Quality Reviewer");

    await page.goto("/workflow/logs?status=waiting");
    const entry = logEntry(page, title);
    await expect(entry.getByTestId("run-step")).toHaveText([
      /Content Input.*succeeded.*Took the brief/,
      /AI Generator.*succeeded.*Drafted \d+ words/,
      /Content Editor.*succeeded/,
      /Style Optimizer.*succeeded/,
      /Quality Reviewer.*waiting.*Waiting for approval: score \d+ against the threshold 100/,
    ]);

    await entry.getByRole("button", { name: `Approve “${title}”` }).click();
    await expect(logEntry(page, title)).toHaveCount(0, RUN_TIMEOUT);
    await page.goto("/workflow/logs?status=succeeded");
    const done = logEntry(page, title);
    await expect(done).toContainText("approved", RUN_TIMEOUT);
    await expect(done.getByTestId("run-step").last()).toContainText("Auto-publish is off: left approved in review");
  } finally {
    await restoreReviewSettings(page);
  }
});

test("Pause stops taking new work; the button and state survive a reload", async ({ page }) => {
  await page.goto("/workflow");
  await page.getByRole("button", { name: "Pause Workflow" }).click();
  await expect(page.getByRole("button", { name: "Start Workflow" })).toBeVisible();
  await expect(page.getByTestId("workflow-state")).toHaveText(/Paused|Pausing…/);
  await page.reload();
  await expect(page.getByTestId("workflow-state")).toHaveText("Paused");
  await expect(page.getByRole("button", { name: "Start Workflow" })).toBeVisible();

  const form = page.getByRole("form", { name: "Add a brief" });
  await form.getByLabel("Brief title").fill("Paused brief");
  await form.getByLabel("Brief", { exact: true }).fill("A short note on why paused pipelines keep their queue.");
  await form.getByRole("button", { name: "Queue brief" }).click();
  await expect(page.getByTestId("queued-brief").filter({ hasText: "Paused brief" })).toBeVisible();
  // Still queued after a reload (that a paused runner takes nothing is tests/workflow-runner.test.ts's "pause").
  await page.reload();
  await expect(page.getByTestId("queued-brief").filter({ hasText: "Paused brief" })).toBeVisible();

  await page.getByRole("button", { name: "Start Workflow" }).click();
  await expect(page.getByTestId("queued-brief").filter({ hasText: "Paused brief" })).toHaveCount(0, RUN_TIMEOUT);
  // Its score decides whether the reviewer holds it; either way the runner took it to review.
  await page.goto("/workflow/logs");
  await expect(logEntry(page, "Paused brief")).toHaveAttribute("data-status", /^(waiting|succeeded)$/, RUN_TIMEOUT);
});

test("a brief with no title or text is refused beside the fields", async ({ page }) => {
  await page.goto("/workflow");
  const form = page.getByRole("form", { name: "Add a brief" });
  await form.getByRole("button", { name: "Queue brief" }).click();
  await expect(form.getByLabel("Brief title")).toHaveAccessibleDescription("Give the brief a title.");
  await expect(form.getByLabel("Brief", { exact: true })).toHaveAccessibleDescription("Say what the piece should cover.");
});

test("the Publisher queues a post per connected network; one its webhook refuses fails, never published", async ({ page, db }) => {
  await page.goto("/settings?tab=agents");
  await page.getByRole("switch", { name: "Auto-publish Approved Content" }).click();
  await saveSettings(page);
  // Port 1 on loopback: nothing listens there, so Facebook's receiver refuses every delivery.
  await connectFacebook(page, "http://127.0.0.1:1/publish");
  try {
    await page.goto("/workflow/logs?status=waiting");
    const approve = logEntry(page, WEBHOOK_BRIEF).getByRole("button", { name: /^Approve/ });
    await approve.click();
    // The approval has reached the server once its button is gone; leaving sooner could cancel it.
    await expect(approve).toHaveCount(0, RUN_TIMEOUT);
    await page.goto("/workflow/logs");
    await expect(logEntry(page, WEBHOOK_BRIEF)).toHaveAttribute("data-status", "succeeded", RUN_TIMEOUT);
    await page.goto("/workflow/logs?status=succeeded");
    const done = logEntry(page, WEBHOOK_BRIEF);
    await expect(done.getByTestId("run-status")).toHaveText("Published");
    // Queued, not "sent": the posts go out through channel delivery like the editor's.
    await expect(done.getByTestId("run-step").filter({ hasText: "Publisher" })).toContainText(
      /succeeded.*Published; queued posts for .*Facebook/,
    );
    await page.goto("/workflow");
    await expect(page.getByTestId("delivery").filter({ hasText: WEBHOOK_BRIEF })).toHaveCount(0);

    const { id } = db.prepare("SELECT id FROM ContentItem WHERE title = ?").get(WEBHOOK_BRIEF) as { id: string };
    await page.goto(`/editor?id=${id}`);
    const facebook = page.getByTestId("channels-panel").locator('[data-channel="facebook"]');
    await expect(async () => {
      await page.reload();
      await expect(facebook.getByTestId("post-status")).toHaveText("Failed", { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    // Port 1 is one Node's fetch refuses: the reason names it, so the person can act on it.
    await expect(facebook.getByTestId("failure-reason")).toContainText(
      "Facebook webhook: 127.0.0.1:1 uses port 1, which Node's fetch refuses",
    );
  } finally {
    await connectFacebook(page, null);
  }
});

test("an agent added to the pipeline runs in the next run", async ({ page }) => {
  await page.goto("/workflow");
  await page.getByRole("button", { name: "Add Agent" }).click();
  const dialog = page.getByRole("dialog", { name: "Add an agent" });
  await dialog.getByLabel("What it does").selectOption("editor");
  await dialog.getByLabel("Name").fill("Second Pass Editor");
  await dialog.getByLabel("Place in the pipeline").selectOption({ label: "After Style Optimizer" });
  await dialog.getByRole("button", { name: "Add to pipeline" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("agent-name")).toHaveText([
    "Content Input",
    "AI Generator",
    "Content Editor",
    "Style Optimizer",
    "Second Pass Editor",
    "Quality Reviewer",
    "Publisher",
  ]);
  await expect(page.getByTestId("connector")).toHaveCount(6);

  const form = page.getByRole("form", { name: "Add a brief" });
  await form.getByLabel("Brief title").fill("Seven step brief");
  await form.getByLabel("Brief", { exact: true }).fill("Show that a new agent takes part in the next run in order to prove it.");
  await form.getByRole("button", { name: "Queue brief" }).click();
  // The form empties once the server took the brief; only then is its absence from the queue news.
  await expect(form.getByLabel("Brief title")).toHaveValue("", RUN_TIMEOUT);
  await expect(page.getByTestId("queued-brief").filter({ hasText: "Seven step brief" })).toHaveCount(0, RUN_TIMEOUT);
  await page.goto("/workflow/logs");
  const entry = logEntry(page, "Seven step brief");
  await expect(entry).toHaveAttribute("data-status", /^(waiting|succeeded)$/, RUN_TIMEOUT);
  const agents = await entry.getByTestId("run-step").evaluateAll((rows) => rows.map((r) => r.querySelector("td")?.textContent));
  expect(agents.slice(0, 6)).toEqual([
    "Content Input",
    "AI Generator",
    "Content Editor",
    "Style Optimizer",
    "Second Pass Editor",
    "Quality Reviewer",
  ]);
  await expect(entry.getByTestId("run-step").filter({ hasText: "Second Pass Editor" })).toContainText("succeeded");
  await expect(entry.getByRole("progressbar")).toHaveAttribute("aria-valuetext", /of 7 steps$/);
});

test("nodes drag and snap to the 20 px grid, and keep their place", async ({ page }) => {
  await page.goto("/workflow");
  const canvas = page.getByTestId("workflow-canvas");
  const node = canvas.getByTestId("agent-node").filter({ hasText: "Publisher" });
  const offset = async () => {
    const [c, n] = await Promise.all([canvas.boundingBox(), node.boundingBox()]);
    return { x: Math.round(n!.x - c!.x), y: Math.round(n!.y - c!.y) };
  };
  const before = await offset();
  const box = (await node.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + 30);
  await page.mouse.down();
  await page.mouse.move(box.x + 60, box.y + 50, { steps: 4 });
  await page.mouse.move(box.x + 77, box.y + 63, { steps: 4 });
  await page.mouse.up();
  // 47 px right and 33 px down land on the nearest grid point: 40 and 40.
  await expect.poll(offset).toEqual({ x: before.x + 40, y: before.y + 40 });
  await page.waitForLoadState("networkidle");
  await page.reload();
  expect(await offset()).toEqual({ x: before.x + 40, y: before.y + 40 });

  await node.focus();
  await page.keyboard.press("ArrowRight");
  await expect.poll(offset).toEqual({ x: before.x + 60, y: before.y + 40 });
  await page.waitForLoadState("networkidle");
  await page.reload();
  expect(await offset()).toEqual({ x: before.x + 60, y: before.y + 40 });
});

test("the run log filters by status", async ({ page }) => {
  await page.goto("/workflow/logs");
  const filters = page.getByRole("navigation", { name: "Filter runs by status" });
  for (const [label, status] of [
    ["Failed", "failed"],
    ["Waiting", "waiting"],
    ["Finished", "succeeded"],
  ] as const) {
    await filters.getByRole("link", { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`status=${status}`));
    await expect(filters.getByRole("link", { name: label })).toHaveAttribute("aria-current", "page");
    const statuses = await page.getByTestId("run-log-entry").evaluateAll((els) => els.map((el) => el.getAttribute("data-status")));
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set([status]));
  }
  // The sample's four failed runs each show the failing step's error.
  await filters.getByRole("link", { name: "Failed" }).click();
  await expect(page.getByTestId("run-log-entry")).toHaveCount(4);
  await expect(page.getByTestId("run-step").filter({ hasText: "Quality score 71 is below the threshold 85" })).toHaveCount(2);
  const response = await page.request.get("/workflow/logs?status=exploded");
  expect(response.status()).toBe(400);
});

test.describe("as a Writer", () => {
  test.use({ storageState: authFile("Writer") });

  test("cannot start, approve, retry or change the pipeline, even by posting directly", async ({ page, baseURL }) => {
    await page.goto("/workflow");
    await expect(page.getByRole("button", { name: /Workflow$/ })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Add Agent" })).toBeDisabled();
    await expect(page.getByRole("form", { name: "Add a brief" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Approve/ }).first()).toBeDisabled();
    const attempts: Record<string, string>[] = [
      { intent: "pause" },
      { intent: "approve", runId: "run-brief-1" },
      { intent: "retry", runId: "run-brief-1" },
      { intent: "addAgent", type: "editor", name: "Sneaky", after: "" },
      { intent: "move", id: "agent-input", x: "400", y: "400" },
      { intent: "queueBrief", title: "Sneaky", type: "blog", brief: "Nope" },
    ];
    for (const fields of attempts) {
      const response = await postForm(page.request, baseURL!, "/workflow", fields);
      expect(response.status(), fields.intent).toBe(403);
    }
    await page.reload();
    await expect(page.getByTestId("agent-name")).toHaveCount(7);
  });
});
