import { prisma } from "~/db/db.server";
import { z } from "zod/v4";
import { col } from "~/db/db-row.server";
import { figures } from "~/db/figures.server";
import type { CallRecord, UsageSummary } from "~/domain/assistant/types";

export function recordAssistantCall(call: CallRecord & { contentId?: string | null; userId?: string | null }) {
  return prisma.assistantCall.create({
    data: { ...call, contentId: call.contentId ?? null, userId: call.userId ?? null },
    select: { id: true },
  });
}

export type { UsageSummary };

// Four counts and sums in one statement, a hot read (decision 011): the editor and
// Settings › AI Agents show them on every load.
const SummaryRow = z.object({
  calls: col.int,
  modelCalls: col.int,
  fallbacks: col.int,
  estimated: col.int,
  promptTokens: col.int,
  completionTokens: col.int,
});

async function summarise(where: { contentId?: string }): Promise<UsageSummary> {
  const row = SummaryRow.parse(await figures().usageRow(where.contentId));
  return {
    calls: row.calls,
    modelCalls: row.modelCalls,
    fallbacks: row.fallbacks,
    promptTokens: row.promptTokens,
    completionTokens: row.completionTokens,
    estimated: row.estimated > 0,
  };
}

/** Token usage of one item's assistant calls (the editor). */
export const usageForItem = (contentId: string) => summarise({ contentId });
/** Token usage of every call (Settings › AI Agents). */
export const usageTotals = () => summarise({});

/** The latest calls, newest first, for the usage table. */
export function recentCalls(take = 10) {
  return prisma.assistantCall.findMany({
    orderBy: { createdAt: "desc" },
    take,
    select: {
      id: true,
      purpose: true,
      source: true,
      model: true,
      promptTokens: true,
      completionTokens: true,
      durationMs: true,
      fallbackReason: true,
      createdAt: true,
      contentId: true,
    },
  });
}
