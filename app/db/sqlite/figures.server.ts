// The screens' counts on SQLite (decisions 011, 068): prepared statements on the read connection.
// Stored dates are ISO text (the one codec, toDbDate), compared as text.
import { prisma } from "~/db/db.server";
import { toDbDate } from "~/db/db-row.server";
import { PERIOD_TOTALS, type DashboardWindow } from "~/domain/dashboard";
import { SUCCESS_WINDOW_DAYS } from "~/domain/workflow-success";
import { hotStatement } from "./statements.server";

const IN_WINDOW = "finishedAt >= @successSince AND finishedAt < @successUntil";

/** Two scalar subqueries, named runsPublished and runsFinished; the dashboard's statement embeds them. */
const RUN_TOTALS_SQL = `(SELECT COUNT(*) FROM WorkflowRun r LEFT JOIN ContentItem c ON c.id = r.contentId
    WHERE r.status = 'succeeded' AND r.${IN_WINDOW.replace(" AND finishedAt", " AND r.finishedAt")}
      AND (r.outcome = 'published' OR ((r.outcome IS NULL OR r.outcome = 'completed') AND c.status = 'published'))) AS runsPublished,
  (SELECT COUNT(*) FROM WorkflowRun WHERE status IN ('succeeded', 'failed') AND ${IN_WINDOW}) AS runsFinished`;

/** The parameters RUN_TOTALS_SQL reads. */
const runTotalsParams = (now: Date) => ({
  successSince: toDbDate(new Date(now.getTime() - SUCCESS_WINDOW_DAYS * 86_400_000)),
  successUntil: toDbDate(new Date(now.getTime() + 1)),
});

export const runTotalsRow = async (now: Date): Promise<unknown> => hotStatement(`SELECT ${RUN_TOTALS_SQL}`).get(runTotalsParams(now));

const PERIOD = (side: string) =>
  PERIOD_TOTALS.map(
    (c) => `(SELECT SUM(${c}) FROM ContentMetricDaily WHERE day >= @${side}Start AND day < @${side}End) AS ${side}_${c}`,
  ).join(",\n  ");
// Ten counts and sums in one statement: through Prisma they were ten queries of about a millisecond each.
const COUNTS_SQL = `SELECT
  (SELECT COUNT(*) FROM ContentItem WHERE status = 'draft') AS drafts,
  (SELECT COUNT(*) FROM ContentItem WHERE status = 'draft' AND createdAt >= @since30 AND createdAt < @now) AS draftsNow,
  (SELECT COUNT(*) FROM ContentItem WHERE status = 'draft' AND createdAt >= @since60 AND createdAt < @since30) AS draftsBefore,
  (SELECT COUNT(*) FROM ContentItem WHERE status = 'published' AND publishedAt >= @today AND publishedAt < @tomorrow) AS publishedToday,
  (SELECT COUNT(*) FROM ContentItem WHERE status = 'published' AND publishedAt >= @yesterday AND publishedAt < @today) AS publishedYesterday,
  (SELECT COUNT(*) FROM ActivityEvent WHERE createdAt >= @since30 AND createdAt < @justAfterNow) AS activityNow,
  (SELECT COUNT(*) FROM ActivityEvent WHERE createdAt >= @since60 AND createdAt < @since30) AS activityBefore,
  ${RUN_TOTALS_SQL},
  ${PERIOD("current")},
  ${PERIOD("previous")}`;

export async function dashboardRow({ at, days }: DashboardWindow): Promise<unknown> {
  const instants = Object.fromEntries(Object.entries(at).map(([name, date]) => [name, toDbDate(date)]));
  return hotStatement(COUNTS_SQL).get({ ...instants, ...days, ...runTotalsParams(at.now) });
}

// Four counts and sums: the editor and Settings › AI Agents show them on every load.
const SUMMARY_SQL = (where: string) => `SELECT COUNT(*) AS calls,
  COALESCE(SUM(source = 'model'), 0) AS modelCalls,
  COALESCE(SUM(fallbackReason IS NOT NULL), 0) AS fallbacks,
  COALESCE(SUM(usageEstimated != 0), 0) AS estimated,
  COALESCE(SUM(promptTokens), 0) AS promptTokens,
  COALESCE(SUM(completionTokens), 0) AS completionTokens
  FROM AssistantCall ${where}`;
const FOR_ITEM_SQL = SUMMARY_SQL("WHERE contentId = ?");
const ALL_SQL = SUMMARY_SQL("");

export const usageRow = async (contentId: string | undefined): Promise<unknown> =>
  contentId === undefined ? hotStatement(ALL_SQL).get() : hotStatement(FOR_ITEM_SQL).get(contentId);

// Each agent's latest step and its run, in one statement instead of two Prisma queries per agent.
const LATEST_STEPS_SQL = `SELECT a.id AS agentId, s.status, r.status AS runStatus FROM Agent a
  JOIN WorkflowStep s ON s.id = (SELECT l.id FROM WorkflowStep l WHERE l.agentId = a.id ORDER BY l.startedAt DESC LIMIT 1)
  JOIN WorkflowRun r ON r.id = s.runId`;

export const latestStepRows = async (): Promise<unknown[]> => hotStatement(LATEST_STEPS_SQL).all();

/** Through Prisma, as it always was: the settings page reads it once. */
export async function trafficSinceRow(start: Date): Promise<unknown> {
  const [row] = await prisma.$queryRaw<unknown[]>`
    SELECT COUNT(*) AS "views", COUNT(DISTINCT "visitor") AS "visitors" FROM "TrackEvent" WHERE "at" >= ${toDbDate(start)} AND "kind" = 'view'`;
  return row;
}
