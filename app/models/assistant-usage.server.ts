import { prisma } from "~/db.server";
import type { CallRecord } from "~/services/model-assistant.server";

export function recordAssistantCall(call: CallRecord & { contentId?: string | null; userId?: string | null }) {
  return prisma.assistantCall.create({ data: { ...call, contentId: call.contentId ?? null, userId: call.userId ?? null }, select: { id: true } });
}

export interface UsageSummary {
  calls: number;
  modelCalls: number;
  fallbacks: number;
  promptTokens: number;
  completionTokens: number;
  estimated: boolean;
}

async function summarise(where: { contentId?: string }): Promise<UsageSummary> {
  const [all, model, fallbacks, estimated] = await Promise.all([
    prisma.assistantCall.aggregate({ where, _count: { _all: true }, _sum: { promptTokens: true, completionTokens: true } }),
    prisma.assistantCall.count({ where: { ...where, source: "model" } }),
    prisma.assistantCall.count({ where: { ...where, fallbackReason: { not: null } } }),
    prisma.assistantCall.count({ where: { ...where, usageEstimated: true } }),
  ]);
  return { calls: all._count._all, modelCalls: model, fallbacks, promptTokens: all._sum.promptTokens ?? 0, completionTokens: all._sum.completionTokens ?? 0, estimated: estimated > 0 };
}

/** Token usage of one item's assistant calls (the editor). */
export const usageForItem = (contentId: string) => summarise({ contentId });
/** Token usage of every call (Settings › AI Agents). */
export const usageTotals = () => summarise({});

/** The latest calls, newest first, for the usage table. */
export function recentCalls(take = 10) {
  return prisma.assistantCall.findMany({ orderBy: { createdAt: "desc" }, take, select: { id: true, purpose: true, source: true, model: true, promptTokens: true, completionTokens: true, durationMs: true, fallbackReason: true, createdAt: true, contentId: true } });
}
