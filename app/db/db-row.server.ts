// The one typed path for raw rows (decision 017): every raw SQL result, through Prisma's $queryRaw
// or a prepared better-sqlite3 statement, is parsed with a zod schema defined once per statement,
// and every date in raw SQL goes through the one codec below.
// zod/v4 (shipped in the zod package): its compiled object parsers cost about 0.3 µs a row here,
// where zod 3 with unions cost 20 µs (decision 017).
import { z } from "zod/v4";

/**
 * How a DateTime is stored: ISO-8601 text in UTC with "+00:00" (2026-11-22T09:30:00.000+00:00),
 * the driver adapter's `timestampFormat: "iso8601"` (set in db.server.ts). Text order is time order,
 * so raw SQL compares and sorts stored dates as text. No epoch milliseconds anywhere.
 */
export const DB_TIMESTAMP_FORMAT = "iso8601" as const;

/** A Date as Prisma stores it, for raw SQL parameters. */
export function toDbDate(date: Date): string {
  return date.toISOString().replace("Z", "+00:00");
}

/**
 * A stored DateTime read back. $queryRaw already gives a Date for a DATETIME column; better-sqlite3
 * gives the text. Text without a zone is SQLite's CURRENT_TIMESTAMP (a column default), in UTC.
 */
export function fromDbDate(value: string | Date): Date {
  if (value instanceof Date) return value;
  return new Date(/[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value.replace(" ", "T")}Z`);
}

/** A column decoder: one transform over unknown, much cheaper than a union of types. */
function decoder<T>(what: string, decode: (v: unknown) => T | undefined) {
  return z.unknown().transform((v, ctx) => {
    const out = decode(v);
    if (out === undefined) {
      ctx.issues.push({ code: "custom", message: `expected ${what}`, input: v });
      return z.NEVER;
    }
    return out;
  });
}

const toDate = (v: unknown) => {
  const d = typeof v === "string" || v instanceof Date ? fromDbDate(v) : undefined;
  return d && !Number.isNaN(d.getTime()) ? d : undefined;
};
// PostgreSQL's SUM of a bigint is numeric, which Prisma gives as a Decimal (decision 048).
const isDecimal = (v: unknown): v is { toNumber(): number } =>
  typeof v === "object" && v !== null && typeof (v as { toNumber?: unknown }).toNumber === "function";
const toNumber = (v: unknown) => (typeof v === "number" ? v : typeof v === "bigint" ? Number(v) : isDecimal(v) ? v.toNumber() : undefined);

/** Column schemas for raw rows. */
export const col = {
  date: decoder("a stored date", toDate),
  /** INTEGER columns, COUNT and SUM: $queryRaw gives a bigint for a declared INTEGER column, a Decimal for numeric. */
  int: decoder("a number", toNumber),
  /** SUM over no rows, or a LEFT JOIN's missing side: 0. */
  sum: decoder("a number or null", (v) => (v === null ? 0 : toNumber(v))),
  /** A BOOLEAN column through better-sqlite3 (0/1) or $queryRaw (boolean). */
  bool: decoder("a boolean", (v) => (typeof v === "boolean" ? v : toNumber(v) === undefined ? undefined : Number(v) !== 0)),
  text: z.string(),
};

/** Every row parsed with one statement's schema (compiled once, at module load). */
export function parseRows<S extends z.ZodType>(schema: S, rows: unknown): z.output<S>[] {
  if (!Array.isArray(rows)) throw new TypeError("expected rows");
  return rows.map((row) => schema.parse(row));
}

/** The first row parsed, or undefined when there is none. */
export function parseRow<S extends z.ZodType>(schema: S, row: unknown): z.output<S> | undefined {
  return row === undefined ? undefined : schema.parse(row);
}
