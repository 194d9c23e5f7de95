// SQLite's part of the one claim (decision 069): dates are ISO text (decision 017), compared and
// stored as such; one writer at a time, so the claim's subquery needs no lock.
import { Prisma } from "@prisma/client";
import { toDbDate } from "../db-row.server";
import type { JobLeaseDialect } from "../job-lease.server";

export const sqliteJobLease: JobLeaseDialect = { date: toDbDate, lockDue: Prisma.empty };
