// SQLite's claim (decision 069): one UPDATE … RETURNING over the due rows it picks in a subquery.
// SQLite runs one writer at a time, so the statement picks and takes its rows at once; dates are
// ISO text (decision 017), compared and stored as such.
import { Prisma } from "@prisma/client";
import { toDbDate } from "../db-row.server";
import type { JobLeaseSql } from "../job-lease.server";

const id = (name: string) => Prisma.raw(`"${name}"`);

export const sqliteJobLease: JobLeaseSql = {
  async claimDue(db, table, claim) {
    const [t, key, until] = [id(table.table), id(table.key), id(table.until)];
    const now = toDbDate(claim.now);
    const owner = table.owner ? Prisma.sql`, ${id(table.owner)} = ${claim.owner ?? null}` : Prisma.empty;
    const set = claim.set ? Prisma.sql`, ${claim.set}` : Prisma.empty;
    const rows = await db.$queryRaw<{ key: string }[]>(Prisma.sql`
      UPDATE ${t} SET ${until} = ${toDbDate(claim.until)}${owner}${set}
      WHERE ${key} IN (
        SELECT ${key} FROM ${t}
        WHERE (${claim.due(now)}) AND (${until} IS NULL OR ${until} <= ${now})
        ORDER BY ${claim.orderBy} LIMIT ${claim.limit})
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
