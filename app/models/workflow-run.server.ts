// What members do with runs: queue a brief, approve a waiting run, retry a failed one, read the log.
import { thisWorkspace } from "~/db/workspace-keys.server";
import type { Prisma } from "@prisma/client";
import { prisma } from "~/db/db.server";
import { contentObject, memberActor } from "~/domain/audit";
import { recordAudit } from "./audit.server";
import { createInTransaction, recordClaim } from "./idempotency.server";
import type { ContentType } from "~/domain/content";
import {
  MAX_ATTEMPTS,
  RUN_OUTCOME_LABELS,
  WAIT_OUTCOME,
  reviewerList,
  runOutcome,
  runProgress,
  runnerState,
  type LogFilter,
  type RunLogEntry,
} from "~/domain/workflow-run";
import { logActivity } from "./content-write.server";
import { notify } from "./notification.server";
import { advanceRun, parsePipeline } from "./workflow-advance.server";

export type RunChange = { ok: true } | { ok: false; kind: "not-found" | "conflict"; error: string };

export async function getRunnerStatus(now = new Date()) {
  const [settings, worker] = await Promise.all([
    prisma.settings.findUniqueOrThrow({ where: thisWorkspace(), select: { workflowRunning: true } }),
    prisma.workflowWorker.findFirst({ orderBy: { heartbeatAt: "desc" } }),
  ]);
  return runnerState({ wanted: settings.workflowRunning, heartbeatAt: worker?.heartbeatAt ?? null, busy: !!worker?.currentJobId, now });
}

export async function setWorkflowRunning(running: boolean) {
  await prisma.settings.update({ where: thisWorkspace(), data: { workflowRunning: running } });
  return running;
}

export function queueBrief(input: { title: string; type: ContentType; brief: string; userId: string }, now = new Date()) {
  return createInTransaction(async (tx) => {
    const run = await tx.workflowRun.create({
      data: {
        status: "queued",
        briefTitle: input.title,
        briefType: input.type,
        brief: input.brief,
        requestedById: input.userId,
        createdAt: now,
      },
      select: { id: true },
    });
    await recordClaim(tx, run.id);
    return run;
  });
}

/** Queues an existing item for the pipeline; one open run per item. */
export async function queueContent(contentId: string, userId: string, now = new Date()): Promise<RunChange> {
  const item = await prisma.contentItem.findUnique({ where: { id: contentId }, select: { status: true } });
  if (!item) return { ok: false, kind: "not-found", error: "That content item does not exist." };
  return createInTransaction(async (tx): Promise<RunChange> => {
    const open = await tx.workflowRun.count({ where: { contentId, status: { in: ["queued", "running", "waiting"] } } });
    if (open) return { ok: false, kind: "conflict", error: "This item is already in the workflow." };
    const run = await tx.workflowRun.create({
      data: { status: "queued", contentId, requestedById: userId, createdAt: now },
      select: { id: true },
    });
    await recordClaim(tx, run.id);
    return { ok: true };
  });
}

/** An Editor or Admin approves a run the Quality Reviewer held; the pipeline carries on. */
export async function approveRun(runId: string, user: { id: string; name: string }, now = new Date()): Promise<RunChange> {
  const result = await prisma.$transaction(async (tx) => {
    const run = await tx.workflowRun.findUnique({ where: { id: runId }, include: { content: { select: { title: true } } } });
    if (!run) return { ok: false, kind: "not-found", error: "That run does not exist." } as const;
    const job = await tx.workflowJob.findFirst({ where: { runId, status: "waiting" } });
    if (run.outcome === WAIT_OUTCOME.writer)
      return {
        ok: false,
        kind: "conflict",
        error: "This run waits for a writer, not for approval: write the piece, then press Run again.",
      } as const;
    if (!job || run.status !== "waiting")
      return { ok: false, kind: "conflict", error: `This run is ${run.status}, not waiting for approval.` } as const;
    const claimed = await tx.workflowJob.updateMany({ where: { id: job.id, status: "waiting" }, data: { status: "done" } });
    if (claimed.count !== 1) return { ok: false, kind: "conflict", error: "Someone approved this run just now." } as const;
    await tx.workflowStep.updateMany({
      where: { runId, position: job.position, attempt: job.attempt },
      data: { status: "succeeded", finishedAt: now, approvedById: user.id },
    });
    await tx.workflowRun.update({ where: { id: runId }, data: { outcome: null } });
    await advanceRun(tx, { ...run, outcome: null }, job.position, now);
    // The reviewer held it below the threshold: approving is an override, so it is on the record.
    await logActivity(tx, {
      type: "collaborate",
      action: "approved below the threshold in the workflow",
      target: run.content?.title ?? run.briefTitle ?? "a brief",
      userId: user.id,
      contentId: run.contentId,
    });
    const object = run.contentId
      ? contentObject({ id: run.contentId, title: run.content?.title ?? "" })
      : { type: "workflow-run", id: runId, title: run.briefTitle ?? "a brief" };
    await recordAudit({ actor: memberActor(user), action: "content.approved", object, after: { step: "workflow review" } }, tx, now);
    return { ok: true, contentId: run.contentId, title: run.content?.title ?? "" } as const;
  });
  if (!result.ok) return result;
  await notify("approved", {
    actorId: user.id,
    contentId: result.contentId,
    message: `${user.name} approved “${result.title}” in the workflow`,
    now,
  });
  return { ok: true };
}

/** A manual Retry: the failed step gets a fresh budget of automatic attempts. */
export async function retryRun(runId: string, now = new Date()): Promise<RunChange> {
  return prisma.$transaction(async (tx) => {
    const run = await tx.workflowRun.findUnique({ where: { id: runId }, select: { status: true } });
    if (!run) return { ok: false, kind: "not-found", error: "That run does not exist." } as const;
    const job = await tx.workflowJob.findFirst({ where: { runId, status: "failed" } });
    if (run.status !== "failed" || !job)
      return { ok: false, kind: "conflict", error: `Only a failed run can be retried; this one is ${run.status}.` } as const;
    const attempt = job.attempt + 1;
    await tx.workflowJob.update({
      where: { id: job.id },
      data: { status: "queued", attempt, maxAttempts: attempt + MAX_ATTEMPTS - 1, availableAt: now, leaseOwner: null, leasedUntil: null },
    });
    await tx.workflowRun.update({ where: { id: runId }, data: { status: "running", finishedAt: null, outcome: null } });
    return { ok: true } as const;
  });
}

/** The run log, newest first, with each run's steps (every attempt) and progress. */
export async function listRuns(filter: { status?: LogFilter; take?: number } = {}, now = new Date()): Promise<RunLogEntry[]> {
  const runnerActive = ["running", "pausing"].includes(await getRunnerStatus(now));
  const runs = await prisma.workflowRun.findMany({
    where: filter.status ? { status: filter.status } : { status: { not: "queued" } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: filter.take ?? 30,
    include: {
      content: { select: { id: true, title: true, status: true, updatedAt: true } },
      steps: { orderBy: [{ startedAt: "asc" }, { attempt: "asc" }], include: { agent: { select: { name: true, type: true } } } },
      jobs: {
        where: { status: { in: ["queued", "failed"] } },
        select: { status: true, availableAt: true, lastError: true, attempt: true },
      },
    },
  });
  const requesters = await prisma.user.findMany({
    where: { id: { in: [...new Set(runs.map((r) => r.requestedById).filter((id): id is string => !!id))] } },
    select: { id: true, name: true },
  });
  const nameOf = new Map(requesters.map((u) => [u.id, u.name]));
  return runs.map((run) => {
    const pipeline = parsePipeline(run.pipeline);
    const total = pipeline.length || new Set(run.steps.map((s) => s.agentId)).size;
    const done = new Set(run.steps.filter((s) => s.status === "succeeded").map((s) => `${s.position ?? s.agentId}`)).size;
    const retryAt = run.jobs.find((j) => j.status === "queued" && j.attempt > 1)?.availableAt ?? null;
    const outcome = runOutcome({ status: run.status, outcome: run.outcome, itemStatus: run.content?.status, runnerActive });
    const reviewer = [...run.steps].reverse().find((s) => s.agent.type === "reviewer" && s.status !== "failed");
    // Waiting for a writer: the step that wrote the outline, and when.
    const outlined = outcome === "writer" ? run.steps.find((s) => s.status === "waiting") : undefined;
    return {
      id: run.id,
      status: run.status,
      outcome,
      outcomeLabel: RUN_OUTCOME_LABELS[outcome],
      requestedBy: run.requestedById ? (nameOf.get(run.requestedById) ?? null) : null,
      /** What the reviewer wants changed, for a run it returned or holds. */
      changesAsked:
        outcome === "returned" || outcome === "waiting"
          ? reviewerList(reviewer?.note ?? null)
          : outcome === "writer"
            ? ["Write the piece from the outline in the item, delete its notes, then press Run again."]
            : [],
      /**
       * The writer has worked on the item since the reviewer returned it (the run may go again from the
       * editor), or since the outline was written (the run goes on from the Content Editor).
       */
      canRunAgain:
        !!run.content &&
        ((outcome === "returned" && !!run.finishedAt && run.content.updatedAt > run.finishedAt) ||
          (outcome === "writer" && !!outlined?.finishedAt && run.content.updatedAt > outlined.finishedAt)),
      title: run.content?.title ?? run.briefTitle ?? "Untitled brief",
      contentId: run.content?.id ?? null,
      createdAt: (run.startedAt ?? run.createdAt).toISOString(),
      finishedAt: run.finishedAt?.toISOString() ?? null,
      progress: run.status === "succeeded" ? 100 : runProgress(done, total),
      stepsDone: done,
      stepsTotal: total,
      tokens: run.steps.reduce((sum, s) => sum + s.tokens, 0),
      retryAt: retryAt?.toISOString() ?? null,
      steps: run.steps.map((s) => ({
        id: s.id,
        agent: s.agent.name,
        type: s.agent.type,
        attempt: s.attempt,
        status: s.status,
        error: s.error,
        note: s.note?.split("\n")[0] ?? null,
        tokens: s.tokens,
        startedAt: s.startedAt.toISOString(),
        durationMs: s.durationMs ?? (s.finishedAt ? s.finishedAt.getTime() - s.startedAt.getTime() : null),
      })),
    };
  });
}

export function listQueue(take = 10) {
  return prisma.workflowRun.findMany({
    where: { status: "queued" },
    orderBy: { createdAt: "asc" },
    take,
    select: { id: true, briefTitle: true, briefType: true, createdAt: true, content: { select: { title: true } } },
  });
}

/** Drafts a member can hand to the pipeline: newest first, none already in it. */
export function listQueueableDrafts(take = 20) {
  return prisma.contentItem.findMany({
    where: { status: "draft", runs: { none: { status: { in: ["queued", "running", "waiting"] } } } },
    orderBy: { updatedAt: "desc" },
    take,
    select: { id: true, title: true },
  });
}

/**
 * "Run again" for a run the reviewer returned, once the writer has worked on the item: a new run for
 * the item that starts at the Content Editor (Input and Generator have done their part).
 */
export async function runAgain(runId: string, userId: string, now = new Date()): Promise<RunChange> {
  return createInTransaction(async (tx) => {
    const run = await tx.workflowRun.findUnique({
      where: { id: runId },
      include: { content: { select: { id: true, status: true, updatedAt: true, body: true } } },
    });
    if (!run) return { ok: false, kind: "not-found", error: "That run does not exist." } as const;
    const outcome = runOutcome({ status: run.status, outcome: run.outcome, itemStatus: run.content?.status });
    if (outcome === "writer") return continueAfterWriter(tx, { ...run, content: run.content }, now);
    if (outcome !== "returned" || !run.content)
      return { ok: false, kind: "conflict", error: "Only a run returned to draft can run again." } as const;
    if (!run.finishedAt || run.content.updatedAt <= run.finishedAt)
      return {
        ok: false,
        kind: "conflict",
        error: "Work on the reviewer's list first: the item has not changed since the run returned it.",
      } as const;
    const open = await tx.workflowRun.count({ where: { contentId: run.content.id, status: { in: ["queued", "running", "waiting"] } } });
    if (open) return { ok: false, kind: "conflict", error: "This item is already in the workflow." } as const;
    const agents = await tx.agent.findMany({ orderBy: { position: "asc" }, select: { id: true, type: true } });
    const start = Math.max(
      0,
      agents.findIndex((a) => a.type === "editor"),
    );
    if (agents.length === 0) return { ok: false, kind: "conflict", error: "The pipeline has no agents." } as const;
    const again = await tx.workflowRun.create({
      data: {
        status: "running",
        contentId: run.content.id,
        requestedById: userId,
        pipeline: JSON.stringify(agents.map((a) => a.id)),
        createdAt: now,
        startedAt: now,
      },
    });
    await tx.workflowJob.create({
      data: { runId: again.id, position: start, agentId: agents[start].id, availableAt: now, idempotencyKey: `${again.id}:${start}` },
    });
    await recordClaim(tx, again.id);
    return { ok: true } as const;
  });
}

/**
 * A run that waited for a writer goes on from the step after the outline (the Content Editor), once the
 * item no longer holds the outline as the generator left it.
 */
async function continueAfterWriter(
  tx: Prisma.TransactionClient,
  run: { id: string; pipeline: string | null; content: { body: string } | null },
  now: Date,
): Promise<RunChange> {
  const job = await tx.workflowJob.findFirst({ where: { runId: run.id, status: "waiting" } });
  const step = job ? await tx.workflowStep.findFirst({ where: { runId: run.id, position: job.position, attempt: job.attempt } }) : null;
  if (!job || !step || !run.content) return { ok: false, kind: "conflict", error: "This run is not waiting for a writer." };
  const outline = step.outputRef ? await tx.contentRevision.findUnique({ where: { id: step.outputRef }, select: { body: true } }) : null;
  if (outline && outline.body === run.content.body)
    return { ok: false, kind: "conflict", error: "Write the piece first: the item still holds the outline as it was drafted." };
  const claimed = await tx.workflowJob.updateMany({ where: { id: job.id, status: "waiting" }, data: { status: "done" } });
  if (claimed.count !== 1) return { ok: false, kind: "conflict", error: "Someone pressed Run again on this run just now." };
  await tx.workflowStep.update({ where: { id: step.id }, data: { status: "succeeded" } });
  await tx.workflowRun.update({ where: { id: run.id }, data: { outcome: null } });
  await advanceRun(tx, { ...run, outcome: null }, job.position, now);
  return { ok: true };
}
