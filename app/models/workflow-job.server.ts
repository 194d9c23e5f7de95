// The runner's data access: job leases, its heartbeat row, starting queued runs, a step's row and a
// failed attempt. Every write that ends a step is conditional on the lease (decision 009).
import { Prisma } from "@prisma/client";
import { prisma } from "~/db/db.server";
import { claimDue, LEASED } from "~/db/job-lease.server";
import { afterFailure } from "~/domain/workflow-run";

type Tx = Prisma.TransactionClient;

export type LeasedJob = { id: string; runId: string; position: number; agentId: string; attempt: number; maxAttempts: number };

/** The step's work landed after this runner's lease ran out: its results are dropped. */
export class LeaseLost extends Error {
  constructor() {
    super("The lease on this step expired before it finished; another runner has it now.");
  }
}

export const STEP_ITEM_SELECT = { id: true, title: true, type: true, body: true, status: true, version: true, authorId: true } as const;

/** When a queued job's backoff ends or another runner's lease runs out, if any. */
export async function nextJobDueAt(): Promise<Date | null> {
  const [queued, leased] = await Promise.all([
    prisma.workflowJob.findFirst({ where: { status: "queued" }, orderBy: { availableAt: "asc" }, select: { availableAt: true } }),
    prisma.workflowJob.findFirst({ where: { status: "leased" }, orderBy: { leasedUntil: "asc" }, select: { leasedUntil: true } }),
  ]);
  const times = [queued?.availableAt, leased?.leasedUntil].filter((t): t is Date => !!t).map((t) => t.getTime());
  return times.length ? new Date(Math.min(...times)) : null;
}

export function removeWorker(owner: string) {
  return prisma.workflowWorker.deleteMany({ where: { id: owner } });
}

/** The runner's heartbeat row: one UPDATE per beat; the first beat clears day-old rows and creates its own. */
export async function beat(owner: string, now: Date, currentJobId: string | null, first: boolean) {
  // Rows of runners gone for a day (earlier processes) are only clutter.
  if (first) await prisma.workflowWorker.deleteMany({ where: { heartbeatAt: { lt: new Date(now.getTime() - 86_400_000) } } });
  const updated = first
    ? 0
    : (await prisma.workflowWorker.updateMany({ where: { id: owner }, data: { heartbeatAt: now, currentJobId } })).count;
  if (updated) return;
  await prisma.workflowWorker.upsert({
    where: { id: owner },
    create: { id: owner, startedAt: now, heartbeatAt: now, currentJobId },
    update: { heartbeatAt: now, currentJobId },
  });
}

/** Claims the next due job, or one whose runner's lease ran out, through the one job claim (decision 069). */
export async function leaseNextJob(
  owner: string,
  now: Date,
  leaseMs: number,
): Promise<(LeasedJob & { resumedFrom: string | null; idempotencyKey: string }) | null> {
  const [id] = await claimDue(LEASED.workflowJob, {
    // A leased job is due again once its lease ends (the claim's free lease says when).
    due: (at) => Prisma.sql`("status" = 'queued' AND "availableAt" <= ${at}) OR "status" = 'leased'`,
    orderBy: Prisma.sql`"availableAt", "createdAt"`,
    limit: 1,
    now,
    until: new Date(now.getTime() + leaseMs),
    owner,
    set: Prisma.sql`"status" = 'leased'`,
  });
  if (!id) return null;
  const job = await prisma.workflowJob.findUniqueOrThrow({ where: { id } });
  // A runner that died holding it still names it as its current job on its heartbeat row.
  const dead = await prisma.workflowWorker.findFirst({ where: { currentJobId: id, id: { not: owner } }, select: { id: true } });
  return { ...job, resumedFrom: dead?.id ?? null };
}

/** Extends a lease while its step runs (the heartbeat of one job). */
export function renewLease(jobId: string, owner: string, until: Date) {
  return prisma.workflowJob.updateMany({ where: { id: jobId, leaseOwner: owner, status: "leased" }, data: { leasedUntil: until } });
}

/** Starts the oldest queued run: fixes its pipeline and queues its first step (or fails it when there is no agent). */
export async function startNextQueuedRun(now: Date): Promise<boolean> {
  const next = await prisma.workflowRun.findFirst({ where: { status: "queued" }, orderBy: { createdAt: "asc" }, select: { id: true } });
  if (!next) return false;
  const agents = await prisma.agent.findMany({ orderBy: { position: "asc" }, select: { id: true } });
  return prisma.$transaction(async (tx) => {
    const moved = await tx.workflowRun.updateMany({
      where: { id: next.id, status: "queued" },
      data: {
        status: agents.length ? "running" : "failed",
        pipeline: JSON.stringify(agents.map((a) => a.id)),
        startedAt: now,
        ...(agents.length ? {} : { finishedAt: now, outcome: "failed" }),
      },
    });
    if (moved.count === 0 || agents.length === 0) return moved.count === 1;
    await tx.workflowJob.create({
      data: { runId: next.id, position: 0, agentId: agents[0].id, availableAt: now, idempotencyKey: `${next.id}:0` },
    });
    return true;
  });
}

/** What a leased step works on: its run, its agent, and its step row (the same row again after a lost lease). */
export async function beginStep(job: LeasedJob, startedAt: Date) {
  const run = await prisma.workflowRun.findUniqueOrThrow({ where: { id: job.runId } });
  const agent = await prisma.agent.findUnique({ where: { id: job.agentId }, select: { id: true, name: true, type: true } });
  const step = await prisma.workflowStep.upsert({
    where: { runId_position_attempt: { runId: job.runId, position: job.position, attempt: job.attempt } },
    create: {
      runId: job.runId,
      position: job.position,
      attempt: job.attempt,
      agentId: job.agentId,
      status: "running",
      startedAt,
      inputRef: run.contentId ?? (run.briefTitle ? `brief:${run.briefTitle}` : null),
    },
    update: { status: "running", startedAt, finishedAt: null, error: null },
  });
  return { run, agent, step };
}

export function findStepItem(contentId: string) {
  return prisma.contentItem.findUnique({ where: { id: contentId }, select: STEP_ITEM_SELECT });
}

/** Claims the job as finished; throws LeaseLost (rolling the transaction back) if the lease is gone. */
export async function claimJob(tx: Tx, job: LeasedJob, owner: string, data: Prisma.WorkflowJobUpdateManyMutationInput) {
  const claimed = await tx.workflowJob.updateMany({
    where: { id: job.id, leaseOwner: owner, status: "leased", attempt: job.attempt },
    data: { ...data, leaseOwner: null, leasedUntil: null },
  });
  if (claimed.count !== 1) throw new LeaseLost();
}

/** A failed attempt: retried after a backoff, or the run fails when its attempts are spent. */
export async function failStep(
  job: LeasedJob,
  owner: string,
  stepId: string,
  message: string,
  durationMs: number,
  now: Date,
  backoffBaseMs: number,
) {
  const next = afterFailure(job, now, backoffBaseMs);
  const run = await prisma.$transaction(async (tx) => {
    await claimJob(
      tx,
      job,
      owner,
      next.kind === "retry"
        ? { status: "queued", attempt: next.attempt, availableAt: next.availableAt, lastError: message }
        : { status: "failed", lastError: message },
    );
    await tx.workflowStep.update({ where: { id: stepId }, data: { status: "failed", error: message, finishedAt: now, durationMs } });
    if (next.kind === "failed")
      return tx.workflowRun.update({
        where: { id: job.runId },
        data: { status: "failed", finishedAt: now, outcome: "failed" },
        select: { id: true, contentId: true, content: { select: { title: true } } },
      });
    return null;
  });
  return { next, run };
}

/** Who acts for a run without a requester: the first active Admin. */
export async function fallbackActor(tx: Tx): Promise<string> {
  const admin = await tx.membership.findFirst({
    where: { role: "Admin", status: "active", user: { status: "active" } },
    orderBy: { createdAt: "asc" },
    select: { userId: true },
  });
  if (!admin) throw new Error("No active Admin to act for the workflow.");
  return admin.userId;
}
