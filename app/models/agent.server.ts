import { prisma } from "~/db/db.server";
import { z } from "zod/v4";
import { col, parseRows } from "~/db/db-row.server";
import { figures } from "~/db/figures.server";
import { createInTransaction, recordClaim } from "./idempotency.server";
import { rateOf, snapToGrid } from "~/domain/workflow";
import { agentStatusOf, placeNewNode } from "~/domain/workflow-run";

export async function listAgents(now = new Date()) {
  const agents = await prisma.agent.findMany({ orderBy: { position: "asc" } });
  const where = { agentId: { in: agents.map((a) => a.id) } };
  // Aggregated in SQL: step history grows with every run.
  const live = { run: { status: { in: ["running", "waiting"] } } };
  const [outcomes, latest, inFlight, doneLive, lastSteps] = await Promise.all([
    prisma.workflowStep.groupBy({ by: ["agentId", "status"], where, _count: { _all: true } }),
    prisma.workflowStep.groupBy({ by: ["agentId"], where, _max: { startedAt: true, finishedAt: true } }),
    // Processing means a runner holds the step's lease now: a step left running by a stopped runner is not.
    prisma.workflowJob.findMany({
      where: { ...where, status: "leased", leasedUntil: { gt: now } },
      select: { agentId: true },
      distinct: ["agentId"],
    }),
    prisma.workflowStep.findMany({
      where: { ...where, status: { in: ["succeeded", "waiting"] }, ...live },
      select: { agentId: true },
      distinct: ["agentId"],
    }),
    latestStepPerAgent(),
  ]);
  return agents.map((agent) => {
    const count = (status: string) => outcomes.find((o) => o.agentId === agent.id && o.status === status)?._count._all ?? 0;
    const max = latest.find((l) => l.agentId === agent.id)?._max;
    const times = [max?.startedAt, max?.finishedAt].filter((d): d is Date => !!d);
    const last = times.length ? new Date(Math.max(...times.map((d) => d.getTime()))) : null;
    const lastStep = lastSteps.get(agent.id);
    const status = agentStatusOf({
      running: inFlight.some((s) => s.agentId === agent.id),
      latestFailedForGood: lastStep?.status === "failed" && lastStep.runStatus === "failed",
      doneInLiveRun: doneLive.some((s) => s.agentId === agent.id),
    });
    return { ...agent, status, successRate: rateOf(count("succeeded"), count("failed")), lastRunAt: last?.toISOString() ?? null };
  });
}

// Each agent's latest step and its run, in one statement instead of two Prisma queries per agent.
const LatestStepRow = z.object({ agentId: col.text, status: col.text, runStatus: col.text });

async function latestStepPerAgent() {
  const rows = parseRows(LatestStepRow, await figures().latestStepRows());
  return new Map(rows.map((r) => [r.agentId, r]));
}

/** Inserts a step of this type after `after` (or first), shifting later steps; placed below the others. */
export async function addAgent(input: { type: string; name: string; after: string | null }) {
  return createInTransaction(async (tx) => {
    const agents = await tx.agent.findMany({ orderBy: { position: "asc" }, select: { id: true, position: true, x: true, y: true } });
    const anchor = input.after ? agents.find((a) => a.id === input.after) : null;
    if (input.after && !anchor) return null;
    const position = anchor ? anchor.position + 1 : 0;
    await tx.agent.updateMany({ where: { position: { gte: position } }, data: { position: { increment: 1 } } });
    const { x, y } = placeNewNode(agents);
    const agent = await tx.agent.create({ data: { name: input.name, type: input.type, position, x, y }, select: { id: true } });
    await recordClaim(tx, agent.id);
    return agent;
  });
}

/** Stores a node's place on the canvas, snapped to the grid and kept inside it. */
export async function moveAgent(id: string, x: number, y: number) {
  const moved = await prisma.agent.updateMany({ where: { id }, data: { x: Math.max(0, snapToGrid(x)), y: Math.max(0, snapToGrid(y)) } });
  return moved.count === 1;
}
