// The screens' counts on PostgreSQL (decisions 048, 068): quoted names, timestamps as dates, days as text.
import { Prisma } from "@prisma/client";
import { prisma } from "~/db/db.server";
import { PERIOD_TOTALS, type DashboardWindow } from "~/domain/dashboard";
import { SUCCESS_WINDOW_DAYS } from "~/domain/workflow-success";

const first = async (query: Prisma.Sql): Promise<unknown> => (await prisma.$queryRaw<unknown[]>(query))[0];

/** Runs published and runs finished in the success window, two scalar subqueries. */
function runTotals(now: Date): Prisma.Sql {
  const since = new Date(now.getTime() - SUCCESS_WINDOW_DAYS * 86_400_000);
  const until = new Date(now.getTime() + 1);
  return Prisma.sql`(SELECT COUNT(*) FROM "WorkflowRun" r LEFT JOIN "ContentItem" c ON c."id" = r."contentId"
      WHERE r."status" = 'succeeded' AND r."finishedAt" >= ${since} AND r."finishedAt" < ${until}
        AND (r."outcome" = 'published' OR ((r."outcome" IS NULL OR r."outcome" = 'completed') AND c."status" = 'published'))) AS "runsPublished",
    (SELECT COUNT(*) FROM "WorkflowRun" WHERE "status" IN ('succeeded', 'failed') AND "finishedAt" >= ${since} AND "finishedAt" < ${until}) AS "runsFinished"`;
}

export const runTotalsRow = (now: Date) => first(Prisma.sql`SELECT ${runTotals(now)}`);

export function dashboardRow({ at, days }: DashboardWindow): Promise<unknown> {
  const period = (side: "current" | "previous") =>
    Prisma.join(
      PERIOD_TOTALS.map(
        (c) =>
          Prisma.sql`(SELECT SUM(${Prisma.raw(`"${c}"`)}) FROM "ContentMetricDaily" WHERE "day" >= ${days[`${side}Start`]} AND "day" < ${days[`${side}End`]}) AS ${Prisma.raw(`"${side}_${c}"`)}`,
      ),
    );
  const drafts = Prisma.sql`FROM "ContentItem" WHERE "status" = 'draft'`;
  const published = Prisma.sql`FROM "ContentItem" WHERE "status" = 'published'`;
  return first(Prisma.sql`SELECT
    (SELECT COUNT(*) ${drafts}) AS "drafts",
    (SELECT COUNT(*) ${drafts} AND "createdAt" >= ${at.since30} AND "createdAt" < ${at.now}) AS "draftsNow",
    (SELECT COUNT(*) ${drafts} AND "createdAt" >= ${at.since60} AND "createdAt" < ${at.since30}) AS "draftsBefore",
    (SELECT COUNT(*) ${published} AND "publishedAt" >= ${at.today} AND "publishedAt" < ${at.tomorrow}) AS "publishedToday",
    (SELECT COUNT(*) ${published} AND "publishedAt" >= ${at.yesterday} AND "publishedAt" < ${at.today}) AS "publishedYesterday",
    (SELECT COUNT(*) FROM "ActivityEvent" WHERE "createdAt" >= ${at.since30} AND "createdAt" < ${at.justAfterNow}) AS "activityNow",
    (SELECT COUNT(*) FROM "ActivityEvent" WHERE "createdAt" >= ${at.since60} AND "createdAt" < ${at.since30}) AS "activityBefore",
    ${runTotals(at.now)},
    ${period("current")},
    ${period("previous")}`);
}

/** Booleans counted with FILTER. */
export function usageRow(contentId: string | undefined): Promise<unknown> {
  const where = contentId === undefined ? Prisma.empty : Prisma.sql`WHERE "contentId" = ${contentId}`;
  return first(Prisma.sql`SELECT COUNT(*) AS "calls",
    COUNT(*) FILTER (WHERE "source" = 'model') AS "modelCalls",
    COUNT(*) FILTER (WHERE "fallbackReason" IS NOT NULL) AS "fallbacks",
    COUNT(*) FILTER (WHERE "usageEstimated") AS "estimated",
    COALESCE(SUM("promptTokens"), 0) AS "promptTokens",
    COALESCE(SUM("completionTokens"), 0) AS "completionTokens"
    FROM "AssistantCall" ${where}`);
}

export function latestStepRows(): Promise<unknown[]> {
  return prisma.$queryRaw<unknown[]>(Prisma.sql`SELECT a."id" AS "agentId", s."status", r."status" AS "runStatus" FROM "Agent" a
    JOIN "WorkflowStep" s ON s."id" = (SELECT l."id" FROM "WorkflowStep" l WHERE l."agentId" = a."id" ORDER BY l."startedAt" DESC LIMIT 1)
    JOIN "WorkflowRun" r ON r."id" = s."runId"`);
}

export const trafficSinceRow = (start: Date) =>
  first(
    Prisma.sql`SELECT COUNT(*) AS "views", COUNT(DISTINCT "visitor") AS "visitors" FROM "TrackEvent" WHERE "at" >= ${start} AND "kind" = 'view'`,
  );
