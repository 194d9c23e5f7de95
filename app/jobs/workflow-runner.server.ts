// The pipeline runner: one per server process. It leases a job, lets the agent work, then commits the
// step's effects, outcome and the next job in one transaction that only succeeds while it still holds
// the lease. A crash loses at most the uncommitted work; the lease expires and the step runs again,
// so every step's effects land exactly once. See docs/decisions/009-workflow-runner-leases.md; how it
// waits when idle (nudge, the content version, backoff) is decision 016.
import { hostname } from "node:os";
import { randomUUID } from "node:crypto";
import type { Prisma } from "@prisma/client";
import { prisma } from "~/db/db.server";
import type { Assistant } from "~/domain/assistant/types";
import { afterFailure, stepLabel, BACKOFF_BASE_MS } from "~/domain/workflow-run";
import { wordsChanged } from "~/domain/word-diff";
import { getBrandVoice } from "~/models/assistant.server";
import { getAssistant, type AssistantContext } from "~/services/assistant.server";
import { logActivity } from "~/models/content-write.server";
import { notify } from "~/models/notification.server";
import { findLibrarySources } from "~/models/library-passages.server";
import { fillSocialPosts } from "~/models/channel-post.server";
import { getSettings } from "~/models/settings.server";
import { mergeKeeping } from "~/domain/merge-text";
import { work, type StepItem, type StepPlan } from "~/models/workflow-agents.server";
import { flushDocument, writeThroughDocument } from "~/services/collaboration.server";
import { advanceRun } from "~/models/workflow-advance.server";
import { getReviewMode } from "~/models/workflow-settings.server";
import { deliver } from "~/services/publish-delivery.server";
import { onWake, wakePublishScheduler, wakeWorkflowRunner } from "~/db/wake.server";
import { IdleWait } from "./idle-wait.server";

export { wakeWorkflowRunner };

type Tx = Prisma.TransactionClient;

export interface RunnerOptions {
  owner?: string;
  /** How long a lease lasts without a heartbeat; a crashed runner's step is picked up after this. */
  leaseMs?: number;
  /** First content-version check after activity; idle checks double from here to idleMaxMs. */
  pollMs?: number;
  idleMaxMs?: number;
  backoffBaseMs?: number;
  clock?: () => Date;
  assistantFor?: (context: AssistantContext) => Promise<Assistant>;
  fetch?: typeof fetch;
  log?: (message: string) => void;
}

export type TickResult = "worked" | "idle" | "paused";

class LeaseLost extends Error {
  constructor() {
    super("The lease on this step expired before it finished; another runner has it now.");
  }
}

/** Heartbeat period; the screen calls a runner gone after 15 s without one (runnerState). */
const HEARTBEAT_MS = 5000;
/** The longest an idle runner goes without a full look, whatever the content version says. */
const SAFETY_TICK_MS = 60_000;
/** After a failed heartbeat or step, the pause before the next try (a missing table must not spin). */
const RETRY_AFTER_ERROR_MS = 1000;

type LeasedJob = { id: string; runId: string; position: number; agentId: string; attempt: number; maxAttempts: number };

const ITEM_SELECT = { id: true, title: true, type: true, body: true, status: true, version: true, authorId: true } as const;

export class WorkflowRunner {
  readonly owner: string;
  private readonly leaseMs: number;
  private readonly idle: IdleWait;
  private readonly backoffBaseMs: number;
  private readonly clock: () => Date;
  private readonly assistantFor: (context: AssistantContext) => Promise<Assistant>;
  private readonly fetchImpl: typeof fetch;
  private readonly log: (message: string) => void;
  private looping = false;
  private killed = false;
  private loop: Promise<void> | null = null;
  private lastBeatAt = 0;
  private currentJobId: string | null = null;

  constructor(options: RunnerOptions = {}) {
    this.owner = options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.leaseMs = options.leaseMs ?? 15_000;
    this.idle = new IdleWait({ minMs: options.pollMs ?? 250, maxMs: options.idleMaxMs ?? 4000 });
    this.backoffBaseMs = options.backoffBaseMs ?? BACKOFF_BASE_MS;
    this.clock = options.clock ?? (() => new Date());
    this.assistantFor = options.assistantFor ?? getAssistant;
    this.fetchImpl = options.fetch ?? fetch;
    this.log = options.log ?? ((m) => console.log(`[workflow] ${m}`));
  }

  /** Does at most one step. Paused (the persisted flag off) takes no new step. */
  async tick(): Promise<TickResult> {
    const settings = await getSettings();
    if (!settings.workflowRunning) return "paused";
    let job = await this.lease();
    if (!job && (await this.startNextQueuedRun())) job = await this.lease();
    if (!job) return "idle";
    await this.runJob(job);
    return "worked";
  }

  /**
   * Runs ticks until stopped. Idle, it waits for a nudge (wake(): Start, Retry, Approve, a brief), a
   * commit by anyone but the tracker (the content version), the next retry or lease expiry, or its heartbeat; a heartbeat
   * alone writes the heartbeat row and queries nothing else.
   */
  start() {
    if (this.loop) return this;
    this.looping = true;
    this.loop = (async () => {
      let full = true;
      let tickAt = 0;
      while (this.looping) {
        try {
          if (!full && this.idle.changed()) full = true;
          await this.heartbeat();
          this.idle.mark();
          if (full) {
            const result = await this.tick();
            if (result === "worked") continue;
            const due = result === "idle" ? await this.nextDueAt() : null;
            tickAt = Math.min(
              Date.now() + SAFETY_TICK_MS,
              due ? Date.now() + Math.max(0, due.getTime() - this.clock().getTime()) : Infinity,
            );
          }
        } catch (error) {
          this.log(`runner error: ${error instanceof Error ? error.message : String(error)}`);
          // The pause is waited out whatever commits meanwhile (a missing table must not spin), unless stopped.
          const retryAt = Date.now() + RETRY_AFTER_ERROR_MS;
          while (this.looping && Date.now() < retryAt) await this.idle.wait(retryAt);
          full = true;
          continue;
        }
        if (!this.looping) break;
        const reason = await this.idle.wait(Math.min(tickAt, this.lastBeatAt + HEARTBEAT_MS));
        full = reason !== "due" || Date.now() >= tickAt;
      }
    })();
    return this;
  }

  wake() {
    this.idle.nudge();
  }

  /** When a queued job's backoff ends or another runner's lease runs out, if any. */
  private async nextDueAt(): Promise<Date | null> {
    const [queued, leased] = await Promise.all([
      prisma.workflowJob.findFirst({ where: { status: "queued" }, orderBy: { availableAt: "asc" }, select: { availableAt: true } }),
      prisma.workflowJob.findFirst({ where: { status: "leased" }, orderBy: { leasedUntil: "asc" }, select: { leasedUntil: true } }),
    ]);
    const times = [queued?.availableAt, leased?.leasedUntil].filter((t): t is Date => !!t).map((t) => t.getTime());
    return times.length ? new Date(Math.min(...times)) : null;
  }

  /** Stops taking steps; resolves once the step in flight (if any) has finished. */
  async stop() {
    this.looping = false;
    this.wake();
    await this.loop;
    this.loop = null;
    await prisma.workflowWorker.deleteMany({ where: { id: this.owner } });
  }

  /** Tests only need this to stand for a SIGKILL: the runner stops without finishing or releasing anything. */
  kill() {
    this.killed = true;
    this.looping = false;
    this.wake();
  }

  private async heartbeat(force = false) {
    const now = this.clock();
    if (!force && Date.now() - this.lastBeatAt < HEARTBEAT_MS - 50) return;
    const first = this.lastBeatAt === 0;
    // Rows of runners gone for a day (earlier processes) are only clutter.
    if (first) await prisma.workflowWorker.deleteMany({ where: { heartbeatAt: { lt: new Date(now.getTime() - 86_400_000) } } });
    this.lastBeatAt = Date.now();
    // One UPDATE per beat; the upsert only when the row is missing.
    const beat = first
      ? 0
      : (await prisma.workflowWorker.updateMany({ where: { id: this.owner }, data: { heartbeatAt: now, currentJobId: this.currentJobId } }))
          .count;
    if (beat) return;
    await prisma.workflowWorker.upsert({
      where: { id: this.owner },
      create: { id: this.owner, startedAt: now, heartbeatAt: now, currentJobId: this.currentJobId },
      update: { heartbeatAt: now, currentJobId: this.currentJobId },
    });
  }

  /** Claims the next due job, or one whose runner's lease ran out, with one conditional UPDATE. */
  private async lease(): Promise<LeasedJob | null> {
    const now = this.clock();
    const due: Prisma.WorkflowJobWhereInput = {
      OR: [
        { status: "queued", availableAt: { lte: now } },
        { status: "leased", leasedUntil: { lt: now } },
      ],
    };
    for (let tries = 0; tries < 3; tries++) {
      const candidate = await prisma.workflowJob.findFirst({ where: due, orderBy: [{ availableAt: "asc" }, { createdAt: "asc" }] });
      if (!candidate) return null;
      const claimed = await prisma.workflowJob.updateMany({
        where: { id: candidate.id, ...due },
        data: { status: "leased", leaseOwner: this.owner, leasedUntil: new Date(now.getTime() + this.leaseMs) },
      });
      if (claimed.count === 1) {
        if (candidate.status === "leased") this.log(`resuming ${candidate.idempotencyKey} after ${candidate.leaseOwner}'s lease ran out`);
        return candidate;
      }
    }
    return null;
  }

  private async startNextQueuedRun(): Promise<boolean> {
    const next = await prisma.workflowRun.findFirst({ where: { status: "queued" }, orderBy: { createdAt: "asc" }, select: { id: true } });
    if (!next) return false;
    const agents = await prisma.agent.findMany({ orderBy: { position: "asc" }, select: { id: true } });
    const now = this.clock();
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

  private async runJob(job: LeasedJob) {
    this.currentJobId = job.id;
    await this.heartbeat(true);
    const startedAt = this.clock();
    const run = await prisma.workflowRun.findUniqueOrThrow({ where: { id: job.runId } });
    const agent = await prisma.agent.findUnique({ where: { id: job.agentId }, select: { id: true, name: true, type: true } });
    // A lease that ran out leaves its step row running; the same attempt carries on in that row.
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
    const renew = setInterval(
      () => {
        if (this.killed) return;
        void prisma.workflowJob
          .updateMany({
            where: { id: job.id, leaseOwner: this.owner, status: "leased" },
            data: { leasedUntil: new Date(this.clock().getTime() + this.leaseMs) },
          })
          .catch(() => undefined);
      },
      Math.max(50, Math.floor(this.leaseMs / 3)),
    );
    const t0 = performance.now();
    let plan: StepPlan | null = null;
    let failure: unknown = null;
    /** The text the agent worked from: its change is merged onto whatever people typed meanwhile. */
    let base: string | undefined;
    try {
      if (!agent) throw new Error("This agent was removed from the pipeline.");
      const item = run.contentId ? await prisma.contentItem.findUnique({ where: { id: run.contentId }, select: ITEM_SELECT }) : null;
      if (run.contentId && !item) throw new Error("The run's content item was deleted.");
      base = item?.body;
      const [assistant, voice, settings, reviewMode] = await Promise.all([
        this.assistantFor({ contentId: run.contentId ?? undefined, purpose: `workflow:${agent.type}` }),
        getBrandVoice(),
        getSettings(),
        getReviewMode(),
      ]);
      plan = await work({
        run,
        position: job.position,
        agent,
        item,
        assistant,
        voice,
        settings: { autoPublish: settings.autoPublish, autoPost: settings.autoPost, reviewMode },
        deliver: (input) => deliver(input, this.fetchImpl),
        now: startedAt,
        findSources: (brief, exclude) => findLibrarySources(brief, { exclude }),
      });
    } catch (error) {
      failure = error;
    } finally {
      clearInterval(renew);
    }
    const durationMs = Math.round(performance.now() - t0);
    try {
      if (this.killed) throw new LeaseLost();
      if (plan && agent) {
        try {
          await this.commit(job, step.id, agent, await this.landOnLiveText(run.contentId, base, plan), durationMs);
          if (plan.status === "published") wakePublishScheduler(); // its channel posts go out now
          return;
        } catch (error) {
          if (error instanceof LeaseLost) throw error;
          failure = error;
        }
      }
      await this.fail(job, step.id, failure, durationMs);
    } catch (error) {
      if (!(error instanceof LeaseLost)) throw error;
      this.log(`${job.runId} step ${job.position}: ${error.message}`);
    } finally {
      this.currentJobId = null;
    }
  }

  /** Claims the job as finished; throws LeaseLost (rolling everything back) if the lease is gone. */
  private async claim(tx: Tx, job: LeasedJob, data: Prisma.WorkflowJobUpdateManyMutationInput) {
    const claimed = await tx.workflowJob.updateMany({
      where: { id: job.id, leaseOwner: this.owner, status: "leased", attempt: job.attempt },
      data: { ...data, leaseOwner: null, leasedUntil: null },
    });
    if (claimed.count !== 1) throw new LeaseLost();
  }

  /**
   * An agent's new text lands on the item's open co-editing document, merged with what people typed
   * since the agent read it, so open editors see it live (decision 022). Their typing so far becomes
   * its own revision first, so the step's revision holds only the agent's change.
   */
  private async landOnLiveText(contentId: string | null, base: string | undefined, plan: StepPlan): Promise<StepPlan> {
    if (!contentId || base === undefined || plan.body === undefined) return plan;
    await flushDocument(contentId);
    const landed = await writeThroughDocument(contentId, base, plan.body);
    return landed === null ? { ...plan, base } : { ...plan, body: landed };
  }

  private async commit(job: LeasedJob, stepId: string, agent: { id: string; name: string }, plan: StepPlan, durationMs: number) {
    const now = this.clock();
    const outcome = await prisma.$transaction(async (tx) => {
      await this.claim(tx, job, { status: plan.wait ? "waiting" : "done", lastError: null });
      const run = await tx.workflowRun.findUniqueOrThrow({ where: { id: job.runId } });
      const actorId = run.requestedById ?? (await fallbackActor(tx));
      let item: StepItem | null = run.contentId
        ? await tx.contentItem.findUnique({ where: { id: run.contentId }, select: ITEM_SELECT })
        : null;
      if (plan.create) {
        item = await tx.contentItem.create({
          data: { title: plan.create.title, type: plan.create.type, body: "", authorId: actorId, updatedAt: now, createdAt: now },
          select: ITEM_SELECT,
        });
        await logActivity(tx, { type: "edit", action: "created", target: item.title, userId: actorId, contentId: item.id });
        await tx.workflowRun.update({ where: { id: run.id }, data: { contentId: item.id } });
      }
      if (!item) throw new Error("The run's content item is missing.");
      const before = item.body;
      // Nobody had the document open: merge with any save made while the agent worked.
      const body = plan.body !== undefined && plan.base !== undefined ? mergeKeeping(plan.base, plan.body, item.body) : plan.body;
      if (body !== undefined && body !== item.body) {
        const saved = await tx.contentItem.updateMany({
          where: { id: item.id, version: item.version },
          data: { body, version: { increment: 1 }, updatedAt: now },
        });
        if (saved.count !== 1) throw new Error("Someone saved the item while the agent worked; the step will run again on their text.");
        item = { ...item, body, version: item.version + 1 };
      }
      const filled = await fillSocialPosts(tx, item, { before, after: item.body, actorId });
      const note = filled ? `${plan.note}; wrote ${filled} channel post${filled === 1 ? "" : "s"} from it` : plan.note;
      const { added, removed } = wordsChanged(before, item.body);
      const revision = await tx.contentRevision.create({
        data: {
          contentId: item.id,
          version: item.version,
          title: item.title,
          body: item.body,
          authorId: actorId,
          agentName: agent.name,
          label: stepLabel(agent.name, durationMs, plan.tokens),
          wordsAdded: added,
          wordsRemoved: removed,
          createdAt: now,
          updatedAt: now,
        },
        select: { id: true },
      });
      if (plan.status && plan.status !== item.status) {
        await tx.contentItem.update({
          where: { id: item.id },
          data: { status: plan.status, updatedAt: now, ...(plan.status === "published" ? { publishedAt: now } : {}) },
        });
        const moved = {
          published: ["publish", "published"],
          review: ["collaborate", "submitted for review"],
          draft: ["collaborate", "sent back for changes"],
        }[plan.status];
        await logActivity(tx, { type: moved[0], action: moved[1], target: item.title, userId: actorId, contentId: item.id });
      }
      if (plan.comment)
        await tx.comment.create({
          data: { contentId: item.id, authorId: actorId, agentName: agent.name, body: plan.comment, createdAt: now },
        });
      for (const row of plan.outbox ?? []) {
        await tx.publishDelivery.upsert({
          where: { idempotencyKey: row.idempotencyKey },
          create: { ...row, runId: run.id, contentId: item.id, status: "queued" },
          update: {},
        });
      }
      await tx.workflowStep.update({
        where: { id: stepId },
        data: {
          status: plan.wait ? "waiting" : "succeeded",
          finishedAt: plan.wait ? null : now,
          tokens: plan.tokens,
          durationMs,
          note,
          outputRef: revision.id,
          inputRef: item.id,
        },
      });
      if (plan.wait) {
        await tx.workflowRun.update({ where: { id: run.id }, data: { status: "waiting", outcome: "waiting for approval" } });
        return { waiting: true, title: item.title, contentId: item.id };
      }
      const outcome = plan.outcome ?? run.outcome;
      if (plan.outcome) await tx.workflowRun.update({ where: { id: run.id }, data: { outcome } });
      await advanceRun(tx, { ...run, outcome }, job.position, now, plan.finish);
      return { waiting: false, title: item.title, contentId: item.id };
    });
    if (outcome.waiting)
      await notify("review_requested", {
        actorId: "",
        contentId: outcome.contentId,
        message: `The Quality Reviewer asks a person to approve “${outcome.title}”`,
        now,
      });
    if (plan.outcome === "approved")
      await notify("approved", {
        actorId: "",
        contentId: outcome.contentId,
        message: `The workflow approved “${outcome.title}”; it waits for someone to publish it`,
        now,
      });
  }

  private async fail(job: LeasedJob, stepId: string, failure: unknown, durationMs: number) {
    const now = this.clock();
    const message = failure instanceof Error ? failure.message : String(failure ?? "The step failed.");
    const next = afterFailure(job, now, this.backoffBaseMs);
    const run = await prisma.$transaction(async (tx) => {
      await this.claim(
        tx,
        job,
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
    this.log(
      `${job.runId} step ${job.position} attempt ${job.attempt} failed: ${message}${next.kind === "retry" ? `; retrying at ${next.availableAt.toISOString()}` : ""}`,
    );
    if (run)
      await notify("workflow_failed", {
        actorId: "",
        contentId: run.contentId,
        message: `Workflow run on “${run.content?.title ?? "a brief"}” failed: ${message}`,
        now,
      });
  }
}

async function fallbackActor(tx: Tx): Promise<string> {
  const admin = await tx.user.findFirst({
    where: { role: "Admin", status: "active" },
    orderBy: { createdAt: "asc" },
    select: { id: true },
  });
  if (!admin) throw new Error("No active Admin to act for the workflow.");
  return admin.id;
}

declare global {
  var __workflowRunner: WorkflowRunner | undefined;
}

/** Starts this process's runner once (the server calls it at boot); later calls return the same one. */
export function startWorkflowRunner(options: RunnerOptions = {}): WorkflowRunner {
  globalThis.__workflowRunner ??= new WorkflowRunner(options).start();
  const runner = globalThis.__workflowRunner;
  onWake("workflow", () => runner.wake());
  return runner;
}
