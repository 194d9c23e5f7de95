import { prisma } from "~/db/db.server";
import { z } from "zod/v4";
import { col } from "~/db/db-row.server";
import { Prisma } from "@prisma/client";
import { onPostgres } from "~/db/engine.server";
import { hotStatement } from "./hot-read.server";
import type { CallRecord, UsageSummary } from "~/domain/assistant/types";

export function recordAssistantCall(call: CallRecord & { contentId?: string | null; userId?: string | null }) {
  return prisma.assistantCall.create({
    data: { ...call, contentId: call.contentId ?? null, userId: call.userId ?? null },
    select: { id: true },
  });
}

export type { UsageSummary };

// Four counts and sums in one statement on the read connection (decision 011): the editor and
// Settings › AI Agents show them on every load.
const SUMMARY_SQL = (where: string) => `SELECT COUNT(*) AS calls,
  COALESCE(SUM(source = 'model'), 0) AS modelCalls,
  COALESCE(SUM(fallbackReason IS NOT NULL), 0) AS fallbacks,
  COALESCE(SUM(usageEstimated != 0), 0) AS estimated,
  COALESCE(SUM(promptTokens), 0) AS promptTokens,
  COALESCE(SUM(completionTokens), 0) AS completionTokens
  FROM AssistantCall ${where}`;
const FOR_ITEM_SQL = SUMMARY_SQL("WHERE contentId = ?");
const ALL_SQL = SUMMARY_SQL("");
const SummaryRow = z.object({
  calls: col.int,
  modelCalls: col.int,
  fallbacks: col.int,
  estimated: col.int,
  promptTokens: col.int,
  completionTokens: col.int,
});

/** SUMMARY_SQL's PostgreSQL twin (decision 048): booleans counted with FILTER. */
async function summaryRowPostgres(contentId: string | undefined): Promise<unknown> {
  const where = contentId === undefined ? Prisma.empty : Prisma.sql`WHERE "contentId" = ${contentId}`;
  const [row] = await prisma.$queryRaw<unknown[]>(Prisma.sql`SELECT COUNT(*) AS "calls",
    COUNT(*) FILTER (WHERE "source" = 'model') AS "modelCalls",
    COUNT(*) FILTER (WHERE "fallbackReason" IS NOT NULL) AS "fallbacks",
    COUNT(*) FILTER (WHERE "usageEstimated") AS "estimated",
    COALESCE(SUM("promptTokens"), 0) AS "promptTokens",
    COALESCE(SUM("completionTokens"), 0) AS "completionTokens"
    FROM "AssistantCall" ${where}`);
  return row;
}

async function summarise(where: { contentId?: string }): Promise<UsageSummary> {
  const row = SummaryRow.parse(
    onPostgres()
      ? await summaryRowPostgres(where.contentId)
      : where.contentId === undefined
        ? hotStatement(ALL_SQL).get()
        : hotStatement(FOR_ITEM_SQL).get(where.contentId),
  );
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
