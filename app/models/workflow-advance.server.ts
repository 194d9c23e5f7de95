// After a step: its commit (one transaction, only under the lease), and what comes next in the run.
import type { Prisma } from "@prisma/client";
import { prisma } from "~/db/db.server";
import { contentObject } from "~/domain/audit";
import { recordAudit } from "~/models/audit.server";
import { isOutline } from "~/domain/assistant/outline";
import { mergeKeeping } from "~/domain/merge-text";
import { wordsChanged } from "~/domain/word-diff";
import { stepLabel, WAIT_OUTCOME } from "~/domain/workflow-run";
import { fillSocialPosts } from "./channel-post.server";
import { logActivity } from "./content-write.server";
import type { StepItem, StepPlan } from "./workflow-agents.server";
import { claimJob, fallbackActor, STEP_ITEM_SELECT, type LeasedJob } from "./workflow-job.server";

type Tx = Prisma.TransactionClient;

/** The agent ids a run was started with, in order. */
export function parsePipeline(pipeline: string | null): string[] {
  if (!pipeline) return [];
  try {
    const ids: unknown = JSON.parse(pipeline);
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/** After the step at `position` is done: queue the next step, or finish the run. */
export async function advanceRun(
  tx: Tx,
  run: { id: string; pipeline: string | null; outcome: string | null },
  position: number,
  now: Date,
  finish?: string,
) {
  const pipeline = parsePipeline(run.pipeline);
  const next = position + 1;
  if (finish || next >= pipeline.length) {
    await tx.workflowRun.update({
      where: { id: run.id },
      data: { status: "succeeded", finishedAt: now, outcome: finish ?? run.outcome ?? "completed" },
    });
    return;
  }
  await tx.workflowRun.update({ where: { id: run.id }, data: { status: "running" } });
  await tx.workflowJob.create({
    data: { runId: run.id, position: next, agentId: pipeline[next], availableAt: now, idempotencyKey: `${run.id}:${next}` },
  });
}

/** What a committed step left for the runner to announce. */
export interface Committed {
  waiting: "approval" | "writer" | null;
  title: string;
  contentId: string;
  requestedById: string | null;
}

/**
 * Commits a step's effects in one transaction, only while `owner` still holds the job's lease: the item's
 * text (merged with saves made meanwhile), its revision, the status move, the reviewer's comment, the
 * step row, and the next job, the wait, or the run's end. LeaseLost rolls all of it back.
 */
export async function commitStep(input: {
  job: LeasedJob;
  owner: string;
  stepId: string;
  agent: { id: string; name: string };
  plan: StepPlan;
  durationMs: number;
  now: Date;
}): Promise<Committed> {
  const { job, owner, stepId, agent, plan, durationMs, now } = input;
  return prisma.$transaction(async (tx) => {
    await claimJob(tx, job, owner, { status: plan.wait ? "waiting" : "done", lastError: null });
    const run = await tx.workflowRun.findUniqueOrThrow({ where: { id: job.runId } });
    const actorId = run.requestedById ?? (await fallbackActor(tx));
    const agentActor = { kind: "agent", id: agent.id, name: agent.name } as const;
    let item: StepItem | null = run.contentId
      ? await tx.contentItem.findUnique({ where: { id: run.contentId }, select: STEP_ITEM_SELECT })
      : null;
    if (plan.create) {
      item = await tx.contentItem.create({
        data: { title: plan.create.title, type: plan.create.type, body: "", authorId: actorId, updatedAt: now, createdAt: now },
        select: STEP_ITEM_SELECT,
      });
      await logActivity(tx, { type: "edit", action: "created", target: item.title, userId: actorId, contentId: item.id });
      await recordAudit({ actor: agentActor, action: "content.created", object: contentObject(item) }, tx, now);
      await tx.workflowRun.update({ where: { id: run.id }, data: { contentId: item.id } });
    }
    if (!item) throw new Error("The run's content item is missing.");
    const before = item.body;
    // The first editing step records the text it started from, for the reviewer.
    if (plan.editing && run.baseBody === null) await tx.workflowRun.update({ where: { id: run.id }, data: { baseBody: before } });
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
    // An outline is notes for a writer, not a post: channel posts wait for the written text.
    const filled = isOutline(item.body) ? 0 : await fillSocialPosts(tx, item, { before, after: item.body, actorId });
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
      const action = ({ published: "content.published", review: "content.submitted", draft: "content.changes-requested" } as const)[
        plan.status
      ];
      const change = { before: { status: item.status }, after: { status: plan.status } };
      await recordAudit({ actor: agentActor, action, object: contentObject(item), ...change }, tx, now);
    }
    if (plan.comment)
      await tx.comment.create({
        data: { contentId: item.id, authorId: actorId, agentName: agent.name, body: plan.comment, createdAt: now },
      });
    // Waiting for approval, the reviewer's step is not over; waiting for a writer, the generator's is.
    const stepOver = plan.wait !== "approval";
    await tx.workflowStep.update({
      where: { id: stepId },
      data: {
        status: plan.wait ? "waiting" : "succeeded",
        finishedAt: stepOver ? now : null,
        tokens: plan.tokens,
        durationMs,
        note,
        outputRef: revision.id,
        inputRef: item.id,
      },
    });
    const done = { title: item.title, contentId: item.id, requestedById: run.requestedById };
    if (plan.wait) {
      await tx.workflowRun.update({ where: { id: run.id }, data: { status: "waiting", outcome: WAIT_OUTCOME[plan.wait] } });
      return { ...done, waiting: plan.wait };
    }
    const outcome = plan.outcome ?? run.outcome;
    if (plan.outcome) await tx.workflowRun.update({ where: { id: run.id }, data: { outcome } });
    await advanceRun(tx, { ...run, outcome }, job.position, now, plan.finish);
    return { ...done, waiting: null };
  });
}
