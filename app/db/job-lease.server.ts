// The one way a background job claims its work (decision 069): the job's own rows, each claimed under
// a lease (an owner token and the time it ends). A claim takes up to N due rows whose lease is free
// (none, or ended) in one statement, so two claimers never hold the same row, and a crashed holder's
// rows are taken over once its lease ends. A holder ends its work with a write conditional on its
// token (releaseLease, or its own `where owner = token`), so its result is refused after a takeover.
import type { Prisma } from "@prisma/client";
import { prisma } from "./db.server";
import { perEngine } from "./engine.server";
import { postgresJobLease } from "./postgres/job-lease.server";
import { sqliteJobLease } from "./sqlite/job-lease.server";

/** A table whose rows are jobs: its key, the column the lease ends in, and the one holding its owner, if any. */
export interface LeaseTable {
  table: "WorkflowJob" | "ChannelPost" | "ChannelPostFigures" | "PublishSchedule";
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

/** The statements that differ by engine: SKIP LOCKED on PostgreSQL, dates as text on SQLite. */
export interface JobLeaseSql {
  claimDue(db: Sql, table: LeaseTable, claim: Claim): Promise<string[]>;
  releaseLease(db: Sql, table: LeaseTable, key: string, owner: string): Promise<boolean>;
}

const engine = perEngine<JobLeaseSql>({ sqlite: () => sqliteJobLease, postgresql: () => postgresJobLease });

/** Claims up to `claim.limit` due rows whose lease is free; returns the keys of the rows this claim took. */
export function claimDue(table: LeaseTable, claim: Claim, db: Sql = prisma): Promise<string[]> {
  return engine().claimDue(db, table, claim);
}

/** Ends the lease `owner` holds on the row; false (and nothing written) when it no longer holds it. */
export function releaseLease(table: LeaseTable & { owner: string }, key: string, owner: string, db: Sql = prisma): Promise<boolean> {
  return engine().releaseLease(db, table, key, owner);
}
