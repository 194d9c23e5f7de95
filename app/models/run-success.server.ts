// Counts behind the one success figure (domain/workflow-success.ts): a run is finished once it succeeded
// or failed, and published when it ended with its item live (its recorded outcome, or for older runs
// without one, its item's status). The dashboard's statement embeds the same two counts (app/db/figures.server.ts).
import { z } from "zod/v4";
import { col } from "~/db/db-row.server";
import { figures } from "~/db/figures.server";
import type { RunTotals } from "~/domain/workflow-success";

const Row = z.object({ runsPublished: col.sum, runsFinished: col.sum });

/** Runs published and runs finished in the success window. */
export async function runTotals(now = new Date()): Promise<RunTotals> {
  const row = Row.parse(await figures().runTotalsRow(now));
  return { published: row.runsPublished, finished: row.runsFinished };
}
