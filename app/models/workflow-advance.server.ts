import type { Prisma } from "@prisma/client";

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
