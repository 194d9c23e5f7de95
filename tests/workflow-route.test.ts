import { thisWorkspace } from "~/db/workspace-keys.server";
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { action, loader } from "~/routes/workflow/route";
import { loader as logs } from "~/routes/workflow_.logs";
import { SAMPLE, cookieFor, freshSeed, get, post, run } from "./route-helpers";

beforeEach(() => freshSeed());

const send = async (userId: string, fields: Record<string, string>) => run(action, post("/workflow", fields, await cookieFor(userId)));

describe("workflow actions", () => {
  it("Start and Pause set the runner's flag, and the screen shows the runner's state", async () => {
    expect((await send(SAMPLE.Editor, { intent: "start" })).body).toMatchObject({ ok: true, running: true });
    expect((await prisma.settings.findUniqueOrThrow({ where: thisWorkspace() })).workflowRunning).toBe(true);
    // No runner process in this test: the screen says so instead of pretending it runs.
    const screen = await run(loader, get("/workflow", await cookieFor(SAMPLE.Editor)));
    expect(screen.body).toMatchObject({ state: "offline", stateLabel: "Waiting for the runner" });
    expect((await send(SAMPLE.Editor, { intent: "pause" })).body).toMatchObject({ ok: true, running: false });
    expect((await run(loader, get("/workflow", await cookieFor(SAMPLE.Editor)))).body).toMatchObject({ state: "paused" });
  });

  it("lists what the earlier Publisher sent as history, never channel delivery's own rows", async () => {
    const screenRows = async () =>
      (
        (await run(loader, get("/workflow", await cookieFor(SAMPLE.Editor)))).body as {
          earlier: { id: string; network: string; channel: string }[];
        }
      ).earlier;
    // A new studio has none: the card is not shown.
    expect(await screenRows()).toEqual([]);
    const legacy = await prisma.publishDelivery.create({
      data: {
        runId: "run-001",
        contentId: "content-sample",
        integrationId: "twitter",
        channel: "outbox",
        status: "queued",
        payload: "{}",
        idempotencyKey: "run-001:5:twitter",
        createdAt: new Date(Date.now() - 60_000),
      },
    });
    // Channel delivery records its rows in the same table (decision 020): those show per item, not here.
    await prisma.publishDelivery.create({
      data: { ...legacy, id: undefined, runId: "channel-post:p1", idempotencyKey: "cp_p1", createdAt: new Date() },
    });
    const earlier = await screenRows();
    expect(earlier).toHaveLength(1);
    expect(earlier[0]).toMatchObject({ id: legacy.id, channel: "outbox" });
    expect(await prisma.publishDelivery.count({ where: { runId: "channel-post:p1" } })).toBe(1);
  });

  it("a brief needs a title, a known type and text (400 beside each field); a good one is queued", async () => {
    const bad = await send(SAMPLE.Admin, { intent: "queueBrief", title: " ", type: "poem", brief: "" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      fieldErrors: { title: "Give the brief a title.", type: "Choose a content type.", brief: "Say what the piece should cover." },
    });
    const long = await send(SAMPLE.Admin, { intent: "queueBrief", title: "Big", type: "blog", brief: "x".repeat(5001) });
    expect(long.body).toMatchObject({ fieldErrors: { brief: "Keep the brief under 5000 characters." } });
    expect((await send(SAMPLE.Admin, { intent: "queueBrief", title: "Launch", type: "blog", brief: "Say hello." })).status).toBe(200);
    expect(await prisma.workflowRun.count({ where: { status: "queued", briefTitle: "Launch", requestedById: SAMPLE.Admin } })).toBe(1);
  });

  it("queues an existing draft once; a second time is a 409, a missing item a 404", async () => {
    const draft = await prisma.contentItem.findFirstOrThrow({ where: { status: "draft", runs: { none: {} } }, select: { id: true } });
    expect((await send(SAMPLE.Editor, { intent: "queueContent", contentId: draft.id })).status).toBe(200);
    expect(await prisma.workflowRun.count({ where: { contentId: draft.id, status: "queued" } })).toBe(1);
    expect((await send(SAMPLE.Editor, { intent: "queueContent", contentId: draft.id })).body).toMatchObject({
      fieldErrors: { contentId: "This item is already in the workflow." },
    });
    expect((await send(SAMPLE.Editor, { intent: "queueContent", contentId: draft.id })).status).toBe(409);
    expect((await send(SAMPLE.Editor, { intent: "queueContent", contentId: "gone" })).status).toBe(404);
    expect((await send(SAMPLE.Editor, { intent: "queueContent", contentId: "" })).status).toBe(400);
    expect((await send(SAMPLE.Writer, { intent: "queueContent", contentId: draft.id })).status).toBe(403);
  });

  it("approve and retry: 404 for a missing run, 409 for one in the wrong state", async () => {
    expect((await send(SAMPLE.Editor, { intent: "approve", runId: "nope" })).status).toBe(404);
    expect((await send(SAMPLE.Editor, { intent: "retry", runId: "nope" })).status).toBe(404);
    const approve = await send(SAMPLE.Editor, { intent: "approve", runId: "run-051" });
    expect([approve.status, (approve.body as { formError: string }).formError]).toEqual([
      409,
      "This run is running, not waiting for approval.",
    ]);
    expect((await send(SAMPLE.Editor, { intent: "retry", runId: "run-051" })).status).toBe(409);
  });

  it("Add Agent inserts a step at the chosen place; moving snaps to the grid; bad input is refused", async () => {
    expect(
      (await send(SAMPLE.Admin, { intent: "addAgent", type: "stylist", name: "Headline Polisher", after: "agent-editor" })).status,
    ).toBe(200);
    const order = await prisma.agent.findMany({ orderBy: { position: "asc" }, select: { name: true } });
    expect(order.map((a) => a.name)).toEqual([
      "Content Input",
      "AI Generator",
      "Content Editor",
      "Headline Polisher",
      "Style Optimizer",
      "Quality Reviewer",
      "Publisher",
    ]);
    expect((await send(SAMPLE.Admin, { intent: "addAgent", type: "wizard", name: "X", after: "" })).body).toMatchObject({
      fieldErrors: { type: "Choose what the agent does." },
    });
    expect((await send(SAMPLE.Admin, { intent: "addAgent", type: "editor", name: "X", after: "agent-gone" })).status).toBe(400);

    expect((await send(SAMPLE.Admin, { intent: "move", id: "agent-input", x: "47", y: "133" })).status).toBe(200);
    expect(await prisma.agent.findUniqueOrThrow({ where: { id: "agent-input" }, select: { x: true, y: true } })).toEqual({ x: 40, y: 140 });
    expect((await send(SAMPLE.Admin, { intent: "move", id: "agent-input", x: "-5", y: "0" })).status).toBe(400);
    expect((await send(SAMPLE.Admin, { intent: "move", id: "agent-gone", x: "0", y: "0" })).status).toBe(404);
  });

  it("Writers and Analysts may not start, approve, retry, queue or edit", async () => {
    for (const userId of [SAMPLE.Writer, SAMPLE.Analyst]) {
      const attempts: Record<string, string>[] = [
        { intent: "start" },
        { intent: "approve", runId: "run-051" },
        { intent: "retry", runId: "run-051" },
        { intent: "queueBrief", title: "T", type: "blog", brief: "B" },
        { intent: "addAgent", type: "editor", name: "X", after: "" },
        { intent: "move", id: "agent-input", x: "0", y: "0" },
      ];
      for (const fields of attempts) {
        const outcome = await send(userId, fields);
        expect(outcome.status, `${userId} ${fields.intent}`).toBe(403);
      }
    }
    expect(await prisma.agent.count()).toBe(6);
    expect((await prisma.agent.findUniqueOrThrow({ where: { id: "agent-input" } })).x).toBe(40);
  });
});

describe("run log", () => {
  it("filters by status and refuses an unknown one with 400", async () => {
    const cookie = await cookieFor(SAMPLE.Analyst);
    const failed = await run(logs, get("/workflow/logs?status=failed", cookie));
    const runs = (failed.body as { runs: { status: string; steps: { error: string | null }[] }[] }).runs;
    expect(runs).toHaveLength(4);
    expect(runs.every((r) => r.status === "failed" && r.steps.some((s) => s.error))).toBe(true);
    expect((await run(logs, get("/workflow/logs?status=running", cookie))).body).toMatchObject({
      runs: [{ status: "running", progress: 17, stepsDone: 1, stepsTotal: 6 }],
    });
    expect((await run(logs, get("/workflow/logs?status=bogus", cookie))).status).toBe(400);
  });
});
