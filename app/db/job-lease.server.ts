// The one way a background job claims its work (decision 069): the job's own rows, each claimed under
// a lease (an owner token and the time it ends). A claim takes up to N due rows whose lease is free
// (none, or ended) in one statement, so two claimers never hold the same row, and a crashed holder's
// rows are taken over once its lease ends. A holder ends its work with a write conditional on its
// token (releaseLease, or its own `where owner = token`), so its result is refused after a takeover.
import { Prisma } from "@prisma/client";
import { prisma } from "./db.server";
import { perEngine } from "./engine.server";
import { postgresJobLease } from "./postgres/job-lease.server";
import { sqliteJobLease } from "./sqlite/job-lease.server";
import { currentWorkspaceId } from "./workspace-scope.server";

/** A table whose rows are jobs: its key, the column the lease ends in, and the one holding its owner, if any. */
export interface LeaseTable {
  table: "WorkflowJob" | "ChannelPost" | "ChannelPostFigures" | "PublishSchedule" | "AuditHeadDelivery";
  key: string;
  until: string;
  /** Without an owner column the lease's end is its token (each claim picks its own, with jitter). */
  owner?: string;
}

export const LEASED = {
  workflowJob: { table: "WorkflowJob", key: "id", until: "leasedUntil", owner: "leaseOwner" },
  channelPost: { table: "ChannelPost", key: "id", until: "leaseUntil" },
  channelPostFigures: { table: "ChannelPostFigures", key: "channelPostId", until: "leaseUntil" },
  publishSchedule: { table: "PublishSchedule", key: "contentId", until: "leaseUntil", owner: "leaseOwner" },
  auditHeadDelivery: { table: "AuditHeadDelivery", key: "scope", until: "leaseUntil", owner: "leaseOwner" },
} as const satisfies Record<string, LeaseTable>;

export interface Claim {
  /** Which rows are due, besides a free lease: SQL over the table's own columns, `now` as the engine stores it. */
  due: (now: unknown) => Prisma.Sql;
  /** The order due rows are taken in (oldest first). */
  orderBy: Prisma.Sql;
  limit: number;
  now: Date;
  until: Date;
  owner?: string;
  /** Other columns the claim sets, e.g. an attempt counted. */
  set?: Prisma.Sql;
}

type Sql = Pick<Prisma.TransactionClient, "$queryRaw" | "$executeRaw">;

/** What differs by engine: how a date is written (ISO text on SQLite), and PostgreSQL's SKIP LOCKED. */
export interface JobLeaseDialect {
  date(at: Date): unknown;
  lockDue: Prisma.Sql;
}

const dialect = perEngine<JobLeaseDialect>({ sqlite: () => sqliteJobLease, postgresql: () => postgresJobLease });
const id = (name: string) => Prisma.raw(`"${name}"`);
// A workspace's job rows are claimed in its pass (decision 073); the audit head's are the instance's.
const inWorkspace = (table: LeaseTable) =>
  table.table === "AuditHeadDelivery" ? Prisma.empty : Prisma.sql`"workspaceId" = ${currentWorkspaceId()} AND`;

/**
 * Claims up to `claim.limit` due rows of the workspace in scope whose lease is free; returns the keys of
 * the rows this claim took.
 * One UPDATE over the rows a materialized pick chose (on PostgreSQL, locked, skipping those another
 * claimer holds), so the pick and the take are one statement. Materialized: left as a subquery, the
 * planner may run the pick again per row (it did once the row policies joined in, decision 082), and
 * a pick that skips locked rows then takes more than the limit. Handed over whole (one Prisma.sql): the
 * PostgreSQL client is its own generated package and reads this one's fragments only as one query.
 */
export async function claimDue(table: LeaseTable, claim: Claim, db: Sql = prisma): Promise<string[]> {
  const { date, lockDue } = dialect();
  const [t, key, until, now] = [id(table.table), id(table.key), id(table.until), date(claim.now)];
  const owner = table.owner ? Prisma.sql`, ${id(table.owner)} = ${claim.owner ?? null}` : Prisma.empty;
  const set = claim.set ? Prisma.sql`, ${claim.set}` : Prisma.empty;
  const rows = await db.$queryRaw<{ key: string }[]>(Prisma.sql`
    WITH picked AS MATERIALIZED (
      SELECT ${key} FROM ${t}
      WHERE ${inWorkspace(table)} (${claim.due(now)}) AND (${until} IS NULL OR ${until} <= ${now})
      ORDER BY ${claim.orderBy} LIMIT ${claim.limit}
      ${lockDue})
    UPDATE ${t} SET ${until} = ${date(claim.until)}${owner}${set}
    WHERE ${key} IN (SELECT ${key} FROM picked)
    RETURNING ${key} AS "key"`);
  return rows.map((r) => r.key);
}

/** Ends the lease `owner` holds on the row; false (and nothing written) when it no longer holds it. */
export async function releaseLease(table: LeaseTable & { owner: string }, key: string, owner: string, db: Sql = prisma): Promise<boolean> {
  const released = await db.$executeRaw(Prisma.sql`
    UPDATE ${id(table.table)} SET ${id(table.until)} = NULL, ${id(table.owner)} = NULL
    WHERE ${id(table.key)} = ${key} AND ${id(table.owner)} = ${owner}`);
  return released === 1;
}
