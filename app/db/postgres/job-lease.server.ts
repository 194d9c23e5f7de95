// PostgreSQL's claim (decision 069): one UPDATE over the due rows a subquery locks with
// FOR UPDATE SKIP LOCKED, so concurrent claimers take disjoint rows without waiting on each other; a
// row another claimer changed meanwhile is checked again under its lock and skipped when no longer free.
// Every statement is handed over whole (one Prisma.sql): the PostgreSQL client is its own generated
// package, and it reads fragments made with this one only when they come as one query.
import { Prisma } from "@prisma/client";
import type { JobLeaseSql } from "../job-lease.server";

const id = (name: string) => Prisma.raw(`"${name}"`);

export const postgresJobLease: JobLeaseSql = {
  async claimDue(db, table, claim) {
    const [t, key, until] = [id(table.table), id(table.key), id(table.until)];
    const owner = table.owner ? Prisma.sql`, ${id(table.owner)} = ${claim.owner ?? null}` : Prisma.empty;
    const set = claim.set ? Prisma.sql`, ${claim.set}` : Prisma.empty;
    const rows = await db.$queryRaw<{ key: string }[]>(Prisma.sql`
      UPDATE ${t} SET ${until} = ${claim.until}${owner}${set}
      WHERE ${key} IN (
        SELECT ${key} FROM ${t}
        WHERE (${claim.due(claim.now)}) AND (${until} IS NULL OR ${until} <= ${claim.now})
        ORDER BY ${claim.orderBy} LIMIT ${claim.limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING ${key} AS "key"`);
    return rows.map((r) => r.key);
  },

  async releaseLease(db, table, key, owner) {
    const released = await db.$executeRaw(Prisma.sql`
      UPDATE ${id(table.table)} SET ${id(table.until)} = NULL, ${id(table.owner!)} = NULL
      WHERE ${id(table.key)} = ${key} AND ${id(table.owner!)} = ${owner}`);
    return released === 1;
  },
};
