import AxeBuilder from "@axe-core/playwright";
import { createRunningRun, deleteRun } from "./factory";
import { expect, test } from "./fixtures";
import { expectNoThirdPartyRequests, forbidThirdPartyRequests } from "./utils";

const AGENT_NAMES = ["Content Input", "AI Generator", "Content Editor", "Style Optimizer", "Quality Reviewer", "Publisher"];

// The agents' statuses are the seed's: read on the untouched database (other specs run the pipeline).
test("canvas shows the six agents on a 20px grid joined by five arrows", { tag: "@fresh-seed" }, async ({ page }) => {
  const outside = forbidThirdPartyRequests(page);
  await page.goto("/workflow");
  await expect(page).toHaveTitle(/Agent Workflow/);
  const canvas = page.getByTestId("workflow-canvas");
  await expect(canvas.getByTestId("agent-name")).toHaveText(AGENT_NAMES);

  const grid = await canvas.evaluate((el) => ({ size: getComputedStyle(el).backgroundSize, image: getComputedStyle(el).backgroundImage }));
  expect(grid.size).toMatch(/^20px 20px/);
  expect(grid.image).toContain("linear-gradient");

  // Nodes sit at their stored positions: the first at (40, 60) inside the canvas.
  const [box, first] = await Promise.all([canvas.boundingBox(), canvas.getByTestId("agent-node").first().boundingBox()]);
  expect(Math.round(first!.x - box!.x)).toBe(40);
  expect(Math.round(first!.y - box!.y)).toBe(60);

  await expect(canvas.getByTestId("connector")).toHaveCount(5);
  await expect(canvas.getByTestId("connector").first()).toHaveAttribute("marker-end", /arrowhead/);

  // Each status has its own badge colour.
  const colours = new Map<string, string>();
  for (const node of await canvas.getByTestId("agent-node").all()) {
    const status = (await node.getAttribute("data-status"))!;
    colours.set(status, await node.getByTestId("agent-status").evaluate((el) => getComputedStyle(el).backgroundColor));
  }
  // Nothing is processing while the workflow is paused: the seeded run in flight waits for Start.
  expect([...colours.keys()].sort()).toEqual(["active", "idle"]);
  expect(new Set(colours.values()).size).toBe(2);
  await expectNoThirdPartyRequests(outside);
});

// The seed's statuses again (the workflow is paused, so the seeded run's AI Generator step waits): the untouched database.
test("hovering or focusing a node shows its details", { tag: "@fresh-seed" }, async ({ page }) => {
  await page.goto("/workflow");
  const generator = page.getByTestId("agent-node").filter({ hasText: "AI Generator" });
  const details = generator.getByTestId("agent-details");
  await expect(details).toBeHidden();
  await generator.hover();
  await expect(details).toBeVisible();
  await expect(details).toContainText("Generator");
  await expect(details).toContainText("Idle");
  await expect(details).toContainText(/Last run\s*(just now|\d+ \w+ ago)/);
  await expect(details).toContainText(/Success rate\s*\d+%/);

  await page.mouse.move(0, 0);
  await expect(details).toBeHidden();
  const publisher = page.getByTestId("agent-node").filter({ hasText: "Publisher" });
  await publisher.focus();
  await expect(publisher.getByTestId("agent-details")).toBeVisible();
  await expect(publisher).toHaveAccessibleDescription(/Publisher.*Idle/);
});

test("summary shows the agent count, rounded average success rate and the runner's state", { tag: "@fresh-seed" }, async ({ page }) => {
  await page.goto("/workflow");
  const summary = page.getByRole("region", { name: "Workflow summary" });
  await expect(summary.getByTestId("total-agents")).toHaveText("6");
  await expect(summary.getByTestId("average-success-rate")).toHaveText("97%");
  // The one success figure, as the Dashboard shows it, beside the agents' step success.
  await expect(summary.getByTestId("run-success-rate")).toHaveText("92%");
  await expect(summary.getByTestId("runs-published")).toHaveText("46 published of 50 finished runs, last 30 days");
  await expect(summary.getByTestId("workflow-state")).toHaveText("Paused");
  await expect(page.getByRole("button", { name: "Start Workflow" })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Add Agent" })).toBeEnabled();
  // The sample's run in flight and the two queued briefs.
  await expect(page.getByTestId("active-run")).toHaveCount(1);
  await expect(page.getByTestId("active-run").getByRole("progressbar")).toHaveAttribute("aria-valuenow", "17");
  // Paused beside a paused workflow, never "Running"; a new studio has no earlier Publisher's history.
  await expect(page.getByTestId("active-run").getByTestId("run-status")).toHaveText("Paused");
  await expect(page.getByTestId("active-run")).toContainText("Paused at AI Generator");
  await expect(page.getByRole("list", { name: "Earlier Publisher deliveries" })).toHaveCount(0);
  await expect(page.getByTestId("queued-brief")).toHaveText([/Spring Launch/, /Customer Story/]);
  await summary.getByRole("link", { name: "View Logs" }).click();
  await expect(page).toHaveURL(/\/workflow\/logs$/);
  await expect(page.getByRole("heading", { name: "Run Log" })).toBeVisible();
});

test("an unknown workflow action is refused with 400", async ({ page, baseURL }) => {
  const response = await page.request.post("/workflow", { form: { intent: "explode" }, headers: { Origin: baseURL! } });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("Unknown workflow action");
  await page.goto("/workflow");
  await expect(page.getByRole("button", { name: "Start Workflow" })).toBeVisible();
});

test("a superseded load's abort is not reported as an error; any other failure still is", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  await page.goto("/workflow");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.evaluate(() => {
    void Promise.reject(new DOMException("signal is aborted without reason", "AbortError"));
    setTimeout(() => void Promise.reject(new Error("a real failure")), 10);
  });
  await expect.poll(() => errors).toEqual(["a real failure"]);
});

test("live polling never aborts its own load, even while long tasks hold the page", async ({ page, db }) => {
  test.slow(); // six axe passes
  const runId = createRunningRun(db, "Polled while axe runs");
  try {
    const errors: string[] = [];
    const aborted: string[] = [];
    let polls = 0;
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    page.on("request", (r) => void (r.url().includes("/workflow.data") && polls++));
    page.on("requestfailed", (r) => r.url().includes("/workflow.data") && aborted.push(r.failure()?.errorText ?? "failed"));
    await page.goto("/workflow");
    await expect.poll(() => polls).toBeGreaterThan(0); // a run in progress: the screen polls
    // axe's analysis holds the main thread in long tasks for seconds (as the phone and keyboard specs
    // do): before the fix, a tick in between aborted the load in flight in about half the runs.
    for (let i = 0; i < 6; i++) await new AxeBuilder({ page }).analyze();
    // Two more polls after the long tasks: the screen kept polling, and no load was aborted.
    const afterLongTasks = polls;
    await expect.poll(() => polls, { timeout: 15_000 }).toBeGreaterThan(afterLongTasks + 1);
    expect(aborted).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    deleteRun(db, runId);
  }
});

test("a brief typed while the last one is being queued is kept", async ({ page }) => {
  await page.goto("/workflow");
  const form = page.getByRole("form", { name: "Add a brief" });
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/workflow**", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await form.getByLabel("Brief title").fill(`First brief ${Date.now()}`);
  await form.locator("#brief-text").fill("Announce faster reviews to marketing teams.");
  const replied = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/workflow"));
  await form.getByRole("button", { name: "Queue brief" }).click();
  const next = `Next brief ${Date.now()}`;
  await form.getByLabel("Brief title").fill(next);
  release();
  await replied;
  await expect(page.getByTestId("queued-brief").filter({ hasText: "First brief" })).toBeVisible();
  await expect(form.getByLabel("Brief title")).toHaveValue(next);
});
