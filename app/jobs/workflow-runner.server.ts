// The pipeline runner: one per server process. It leases a job, lets the agent work, then commits the
// step's effects, outcome and the next job in one transaction that only succeeds while it still holds
// the lease. A crash loses at most the uncommitted work; the lease expires and the step runs again,
// so every step's effects land exactly once. See docs/decisions/009-workflow-runner-leases.md; how it
// waits when idle (nudge, the content version, backoff) is decision 016.
import { hostname } from "node:os";
import { randomUUID } from "node:crypto";
import type { Assistant } from "~/domain/assistant/types";
import { BACKOFF_BASE_MS } from "~/domain/workflow-run";
import { getBrandVoice } from "~/models/assistant.server";
import { getAssistant, type AssistantContext } from "~/services/assistant.server";
import { notify } from "~/models/notification.server";
import { findLibrarySources } from "~/models/library-passages.server";
import { getSettings } from "~/models/settings.server";
import { work, type StepPlan } from "~/models/workflow-agents.server";
import { flushDocument, nudgeEditors, writeThroughDocument } from "~/services/collaboration.server";
import { commitStep } from "~/models/workflow-advance.server";
import {
  beat,
  beginStep,
  failStep,
  findStepItem,
  LeaseLost,
  leaseNextJob,
  nextJobDueAt,
  removeWorker,
  renewLease,
  startNextQueuedRun,
  type LeasedJob,
} from "~/models/workflow-job.server";
import { getReviewMode } from "~/models/workflow-settings.server";
import { eachWorkspace, listWorkspaces } from "~/db/workspaces.server";
import { withWorkspace } from "~/db/workspace-scope.server";
import { queuedChannelsOf } from "~/models/channel-delivery.server";
import { postsOnPublish } from "~/services/publish-posts.server";
import { onWake, wakePublishScheduler, wakeWorkflowRunner } from "~/db/wake.server";
import { IdleWait } from "./idle-wait.server";
import { chainAppliesTo, startChain } from "~/services/approvals.server";

export { wakeWorkflowRunner };

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
  log?: (message: string) => void;
}

export type TickResult = "worked" | "idle" | "paused";

/** Heartbeat period; the screen calls a runner gone after 15 s without one (runnerState). */
const HEARTBEAT_MS = 5000;
/** The longest an idle runner goes without a full look, whatever the content version says. */
const SAFETY_TICK_MS = 60_000;
/** After a failed heartbeat or step, the pause before the next try (a missing table must not spin). */
const RETRY_AFTER_ERROR_MS = 1000;

/**
 * The Publisher's posts, as the editor publishes them (postsOnPublish, by whoever queued the run), and
 * the channels now queued: a retried step names the posts its earlier attempt queued, and adds none.
 */
async function publishStepPosts(contentId: string, now: Date, actorId: string | null): Promise<string[]> {
  const queued = await postsOnPublish(contentId, now, actorId);
  return [...queued, ...(await queuedChannelsOf(contentId))];
}

export class WorkflowRunner {
  readonly owner: string;
  private readonly leaseMs: number;
  private readonly idle: IdleWait;
  private readonly backoffBaseMs: number;
  private readonly clock: () => Date;
  private readonly assistantFor: (context: AssistantContext) => Promise<Assistant>;
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
    this.log = options.log ?? ((m) => console.log(`[workflow] ${m}`));
  }

  /** Does at most one step. Paused (the persisted flag off) takes no new step. */
  async tick(): Promise<TickResult> {
    const settings = await getSettings();
    if (!settings.workflowRunning) return "paused";
    let job = await this.lease();
    if (!job && (await startNextQueuedRun(this.clock()))) job = await this.lease();
    if (!job) return "idle";
    await this.runJob(job);
    return "worked";
  }

  /** One tick in each workspace (decision 073): "worked" if any did a step. */
  private async tickEach(): Promise<TickResult> {
    let result: TickResult = "paused";
    for (const { id } of await listWorkspaces()) {
      const one = await withWorkspace(id, () => this.tick());
      if (one === "worked" || (one === "idle" && result === "paused")) result = one;
    }
    return result;
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
          if (!full && (await this.idle.changed())) full = true;
          await this.heartbeat();
          await this.idle.mark();
          if (full) {
            const result = await this.tickEach();
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
  private nextDueAt(): Promise<Date | null> {
    return eachWorkspace(nextJobDueAt);
  }

  /** Stops taking steps; resolves once the step in flight (if any) has finished. */
  async stop() {
    this.looping = false;
    this.wake();
    await this.loop;
    this.loop = null;
    await removeWorker(this.owner);
  }

  /** Tests only need this to stand for a SIGKILL: the runner stops without finishing or releasing anything. */
  kill() {
    this.killed = true;
    this.looping = false;
    this.wake();
  }

  private async heartbeat(force = false) {
    if (!force && Date.now() - this.lastBeatAt < HEARTBEAT_MS - 50) return;
    const first = this.lastBeatAt === 0;
    this.lastBeatAt = Date.now();
    await beat(this.owner, this.clock(), this.currentJobId, first);
  }

  /** Claims the next due job, or one whose runner's lease ran out. */
  private async lease(): Promise<LeasedJob | null> {
    const job = await leaseNextJob(this.owner, this.clock(), this.leaseMs);
    if (job?.resumedFrom) this.log(`resuming ${job.idempotencyKey} after ${job.resumedFrom}'s lease ran out`);
    return job;
  }

  private async runJob(job: LeasedJob) {
    this.currentJobId = job.id;
    await this.heartbeat(true);
    const startedAt = this.clock();
    // A lease that ran out leaves its step row running; the same attempt carries on in that row.
    const { run, agent, step } = await beginStep(job, startedAt);
    const renew = setInterval(
      () => {
        if (this.killed) return;
        void renewLease(job.id, this.owner, new Date(this.clock().getTime() + this.leaseMs)).catch(() => undefined);
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
      const item = run.contentId ? await findStepItem(run.contentId) : null;
      if (run.contentId && !item) throw new Error("The run's content item was deleted.");
      base = item?.body;
      const [assistant, voice, settings, reviewMode, chained] = await Promise.all([
        this.assistantFor({ contentId: run.contentId ?? undefined, purpose: `workflow:${agent.type}` }),
        getBrandVoice(),
        getSettings(),
        getReviewMode(),
        // An approval chain comes after the pipeline: the publisher then stops at "Approved (waiting to publish)".
        item ? chainAppliesTo(item.id) : false,
      ]);
      plan = await work({
        run,
        position: job.position,
        agent,
        item,
        assistant,
        voice,
        settings: { autoPublish: settings.autoPublish && !chained, autoPost: settings.autoPost, reviewMode },
        publishPosts: (contentId) => publishStepPosts(contentId, startedAt, run.requestedById),
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
    const done = await commitStep({ job, owner: this.owner, stepId, agent, plan, durationMs, now });
    // An agent's comment reaches the members who have the item open at once, as a member's does.
    if (plan.comment) nudgeEditors(done.contentId, "comments");
    if (done.waiting === "approval")
      await notify("review_requested", {
        actorId: "",
        contentId: done.contentId,
        message: `The Quality Reviewer asks a person to approve “${done.title}”`,
        now,
      });
    if (done.waiting === "writer" && done.requestedById)
      await notify("writer_needed", {
        actorId: "",
        contentId: done.contentId,
        also: [done.requestedById],
        message: `“${done.title}” needs a writer: the built-in assistant wrote an outline. Write the piece, then press Run again.`,
        now,
      });
    // Where a chain applies, the workflow's approval is where the chain starts (issue 37).
    if (plan.outcome === "approved" && done.contentId) await startChain(done.contentId, { id: done.requestedById ?? "" }, now);
    if (plan.outcome === "approved")
      await notify("approved", {
        actorId: "",
        contentId: done.contentId,
        message: `The workflow approved “${done.title}”; it waits for someone to publish it`,
        now,
      });
  }

  private async fail(job: LeasedJob, stepId: string, failure: unknown, durationMs: number) {
    const now = this.clock();
    const message = failure instanceof Error ? failure.message : String(failure ?? "The step failed.");
    const { next, run } = await failStep(job, this.owner, stepId, message, durationMs, now, this.backoffBaseMs);
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
