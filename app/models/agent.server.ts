import { prisma } from "~/db.server";
import { successRate } from "~/domain/workflow";

export async function listAgents() {
  const agents = await prisma.agent.findMany({ orderBy: { position: "asc" } });
  const steps = await prisma.workflowStep.findMany({
    where: { agentId: { in: agents.map((a) => a.id) } },
    select: { agentId: true, status: true, startedAt: true, finishedAt: true },
  });
  return agents.map((agent) => {
    const own = steps.filter((s) => s.agentId === agent.id);
    const last = own.reduce<Date | null>((latest, s) => {
      const at = s.finishedAt ?? s.startedAt;
      return !latest || at > latest ? at : latest;
    }, null);
    return { ...agent, successRate: successRate(own), lastRunAt: last?.toISOString() ?? null };
  });
}

/** Share of runs finished in the range that succeeded, as a whole percent. */
export async function runSuccessRate(from: Date, to: Date): Promise<number | null> {
  const where = { finishedAt: { gte: from, lt: to } };
  const [finished, succeeded] = await Promise.all([
    prisma.workflowRun.count({ where: { ...where, status: { in: ["succeeded", "failed"] } } }),
    prisma.workflowRun.count({ where: { ...where, status: "succeeded" } }),
  ]);
  return finished === 0 ? null : Math.round((succeeded / finished) * 100);
}
