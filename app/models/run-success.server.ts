// Counts behind the one success figure (domain/workflow-success.ts): a run is finished once it succeeded
// or failed, and published when it ended with its item live (its recorded outcome, or for older runs
// without one, its item's status). The dashboard's statement embeds the same two counts.
import { Prisma } from "@prisma/client";
import { z } from "zod/v4";
import { prisma } from "~/db/db.server";
import { onPostgres } from "~/db/engine.server";
import { col, toDbDate } from "~/db/db-row.server";
import { SUCCESS_WINDOW_DAYS, type RunTotals } from "~/domain/workflow-success";
import { hotStatement } from "./hot-read.server";

const IN_WINDOW = "finishedAt >= @successSince AND finishedAt < @successUntil";

/** Two scalar subqueries, named runsPublished and runsFinished. */
export const RUN_TOTALS_SQL = `(SELECT COUNT(*) FROM WorkflowRun r LEFT JOIN ContentItem c ON c.id = r.contentId
    WHERE r.status = 'succeeded' AND r.${IN_WINDOW.replace(" AND finishedAt", " AND r.finishedAt")}
      AND (r.outcome = 'published' OR ((r.outcome IS NULL OR r.outcome = 'completed') AND c.status = 'published'))) AS runsPublished,
  (SELECT COUNT(*) FROM WorkflowRun WHERE status IN ('succeeded', 'failed') AND ${IN_WINDOW}) AS runsFinished`;

/** The parameters RUN_TOTALS_SQL reads. */
export function runTotalsParams(now: Date) {
  return {
    successSince: toDbDate(new Date(now.getTime() - SUCCESS_WINDOW_DAYS * 86_400_000)),
    successUntil: toDbDate(new Date(now.getTime() + 1)),
  };
}

/** RUN_TOTALS_SQL's PostgreSQL twin (decision 048): quoted names, the window as timestamps. */
export function runTotalsPostgres(now: Date): Prisma.Sql {
  const since = new Date(now.getTime() - SUCCESS_WINDOW_DAYS * 86_400_000);
  const until = new Date(now.getTime() + 1);
  return Prisma.sql`(SELECT COUNT(*) FROM "WorkflowRun" r LEFT JOIN "ContentItem" c ON c."id" = r."contentId"
      WHERE r."status" = 'succeeded' AND r."finishedAt" >= ${since} AND r."finishedAt" < ${until}
        AND (r."outcome" = 'published' OR ((r."outcome" IS NULL OR r."outcome" = 'completed') AND c."status" = 'published'))) AS "runsPublished",
    (SELECT COUNT(*) FROM "WorkflowRun" WHERE "status" IN ('succeeded', 'failed') AND "finishedAt" >= ${since} AND "finishedAt" < ${until}) AS "runsFinished"`;
}

const Row = z.object({ runsPublished: col.sum, runsFinished: col.sum });

/** Runs published and runs finished in the success window. */
export async function runTotals(now = new Date()): Promise<RunTotals> {
  const row = Row.parse(
    onPostgres()
      ? (await prisma.$queryRaw<unknown[]>(Prisma.sql`SELECT ${runTotalsPostgres(now)}`))[0]
      : hotStatement(`SELECT ${RUN_TOTALS_SQL}`).get(runTotalsParams(now)),
  );
  return { published: row.runsPublished, finished: row.runsFinished };
}
