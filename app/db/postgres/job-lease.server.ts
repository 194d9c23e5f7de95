// PostgreSQL's part of the one claim (decision 069): the due rows are locked with FOR UPDATE SKIP
// LOCKED, so concurrent claimers take disjoint rows without waiting on each other; a row another
// claimer changed meanwhile is checked again under its lock and skipped when no longer free.
import { Prisma } from "@prisma/client";
import type { JobLeaseDialect } from "../job-lease.server";

export const postgresJobLease: JobLeaseDialect = { date: (at) => at, lockDue: Prisma.sql`FOR UPDATE SKIP LOCKED` };
