// Counts and sums the screens show (the dashboard, run success, assistant usage, the agents' latest
// steps, today's traffic), each one statement. One interface, a body per engine (decision 068): SQLite
// reads them with prepared statements on the read connection (decision 011), PostgreSQL through Prisma.
// Each answers raw rows; the models parse them with their shared zod schemas.
import type { DashboardWindow } from "~/domain/dashboard";
import { perEngine } from "~/db/engine.server";
import * as postgres from "~/db/postgres/figures.server";
import * as sqlite from "~/db/sqlite/figures.server";

export interface Figures {
  /** The dashboard's counts: drafts…, runsPublished, runsFinished and `${side}_${total}` for each PERIOD_TOTALS. */
  dashboardRow(window: DashboardWindow): Promise<unknown>;
  /** Runs published and finished (runsPublished, runsFinished) in the success window ending at `now`. */
  runTotalsRow(now: Date): Promise<unknown>;
  /** Assistant calls counted and summed, over one item's calls or (undefined) every call. */
  usageRow(contentId: string | undefined): Promise<unknown>;
  /** Each agent's latest step and its run (agentId, status, runStatus). */
  latestStepRows(): Promise<unknown[]>;
  /** Tracked views and distinct visitors since `start`. */
  trafficSinceRow(start: Date): Promise<unknown>;
}

export const figures = perEngine<Figures>({ sqlite: () => sqlite, postgresql: () => postgres });
