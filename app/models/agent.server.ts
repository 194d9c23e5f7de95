import { prisma } from "~/db.server";
import { rateOf } from "~/domain/workflow";

export async function listAgents() {
  const agents = await prisma.agent.findMany({ orderBy: { position: "asc" } });
  const where = { agentId: { in: agents.map((a) => a.id) } };
  // Aggregated in SQL: step history grows with every run.
  const [outcomes, latest] = await Promise.all([
    prisma.workflowStep.groupBy({ by: ["agentId", "status"], where, _count: { _all: true } }),
    prisma.workflowStep.groupBy({ by: ["agentId"], where, _max: { startedAt: true, finishedAt: true } }),
  ]);
  return agents.map((agent) => {
    const count = (status: string) => outcomes.find((o) => o.agentId === agent.id && o.status === status)?._count._all ?? 0;
    const max = latest.find((l) => l.agentId === agent.id)?._max;
    const times = [max?.startedAt, max?.finishedAt].filter((d): d is Date => !!d);
    const last = times.length ? new Date(Math.max(...times.map((d) => d.getTime()))) : null;
    return { ...agent, successRate: rateOf(count("succeeded"), count("failed")), lastRunAt: last?.toISOString() ?? null };
  });
}

/** Share of runs finished in the range that succeeded, as a whole percent. */
export async function runSuccessRate(from: Date, to: Date): Promise<number | null> {
  const where = { finishedAt: { gte: from, lt: to } };
  const [succeeded, failed] = await Promise.all([
    prisma.workflowRun.count({ where: { ...where, status: "succeeded" } }),
    prisma.workflowRun.count({ where: { ...where, status: "failed" } }),
  ]);
  return rateOf(succeeded, failed);
}
