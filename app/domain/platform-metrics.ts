// Platform figures per channel post and day, as the metrics API and the CSV import take them
// (decision 021). One row schema for both; the CSV adds its own checks (columns, formula cells).
import Papa from "papaparse";
import { z } from "zod";

/** More than this in one day for one post is a mistake, not a viral hit. */
export const MAX_DAILY_FIGURE = 1_000_000_000;
export const MAX_BATCH_ROWS = 1000;
/** Figures older than this are refused: the analytics screen reads two years at most. */
export const MAX_AGE_DAYS = 731;
export const FIGURES = ["impressions", "likes", "comments", "shares", "clicks"] as const;
export type Figure = (typeof FIGURES)[number];

/** "1,200" (a network export's thousands separators) and "1200" are 1200; anything else is left for the schema to refuse. */
export function parseFigure(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (text === "") return undefined;
  return /^\d{1,3}(,\d{3})+$|^\d+$/.test(text) ? Number(text.replaceAll(",", "")) : NaN;
}

const figureNumber = z
  .number({ invalid_type_error: "must be a whole number" })
  .int("must be a whole number")
  .min(0, "must not be negative")
  .max(MAX_DAILY_FIGURE, `must be at most ${MAX_DAILY_FIGURE.toLocaleString("en-US")}`);
const figure = z.preprocess(parseFigure, figureNumber.optional()).transform((n) => n ?? 0);

const dayString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date as yyyy-mm-dd");

/** Text a row may hold: PostgreSQL stores no NUL character, so neither engine takes one. */
const storable = (text: z.ZodString) => text.refine((s) => !s.includes("\u0000"), "must not hold a NUL character (U+0000)");

/** A row as sent, before the post is looked up. `today` bounds the day: not in the future, not too old. */
export function metricRowSchema(today: Date) {
  const last = new Date(today.getTime() + 86_400_000).toISOString().slice(0, 10); // a day ahead: time zones
  const first = new Date(today.getTime() - MAX_AGE_DAYS * 86_400_000).toISOString().slice(0, 10);
  return z
    .object({
      channelPostId: storable(z.string().min(1).max(100)).optional(),
      externalId: storable(z.string().min(1).max(200)).optional(),
      url: storable(z.string().url("must be the post's address").max(2000)).optional(),
      day: dayString
        .refine(
          (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
          "is not a date",
        )
        .refine((d) => d <= last, "is in the future")
        .refine((d) => d >= first, `is more than ${MAX_AGE_DAYS} days ago`),
      impressions: figure,
      likes: figure,
      comments: figure,
      shares: figure,
      clicks: figure,
    })
    .strict()
    .refine((r) => [r.channelPostId, r.externalId, r.url].filter(Boolean).length === 1, {
      message: "give channelPostId, externalId or url (one of them)",
      path: ["channelPostId"],
    });
}
export type MetricRow = z.infer<ReturnType<typeof metricRowSchema>>;

export interface RowError {
  /** 0-based index in the batch, or the CSV line number (1 = the header). */
  row: number;
  field?: string;
  message: string;
}

/** The rows of a POST body, or every row's errors. */
export function parseMetricsBatch(body: unknown, today: Date): { ok: true; rows: MetricRow[] } | { ok: false; errors: RowError[] } {
  const Batch = z.object({
    rows: z.array(z.unknown()).min(1, "send at least one row").max(MAX_BATCH_ROWS, `send at most ${MAX_BATCH_ROWS} rows`),
  });
  const batch = Batch.safeParse(body);
  if (!batch.success)
    return { ok: false, errors: [{ row: -1, message: `Body: ${batch.error.issues[0]?.message ?? "expected { rows: [...] }"}` }] };
  const schema = metricRowSchema(today);
  const rows: MetricRow[] = [];
  const errors: RowError[] = [];
  batch.data.rows.forEach((raw, row) => {
    const parsed = schema.safeParse(raw);
    if (parsed.success) rows.push(parsed.data);
    else for (const issue of parsed.error.issues) errors.push({ row, field: issue.path.join(".") || undefined, message: messageOf(issue) });
  });
  return errors.length ? { ok: false, errors } : { ok: true, rows };
}

const messageOf = (issue: z.ZodIssue) =>
  issue.code === "unrecognized_keys" ? `unknown field ${issue.keys.join(", ")}` : `${issue.path.join(".") || "row"} ${issue.message}`;

/** The CSV's columns, in any order; `post` is a channel post's id, the network's id or address for it. */
export const CSV_COLUMNS = ["post", "day", ...FIGURES] as const;
export const MAX_CSV_BYTES = 512 * 1024;
/** A request to Settings › Website: the CSV file (or the previewed text carried on) and its form. */
export const MAX_CSV_REQUEST_BYTES = 700 * 1024;
/** A metrics API request's JSON body. */
export const MAX_METRICS_BODY_BYTES = 256 * 1024;

export interface CsvRow {
  line: number;
  post: string;
  row: Omit<MetricRow, "channelPostId" | "externalId" | "url">;
}

/** A cell a spreadsheet would run as a formula (CSV injection), or a negative figure. */
const FORMULA = /^[=+\-@\t\r]/;

/** Reads a CSV of figures: the good rows, and an error for every other row. A wrong column set refuses the file. */
export function parseMetricsCsv(
  text: string,
  today: Date,
): { ok: true; rows: CsvRow[]; errors: RowError[] } | { ok: false; error: string } {
  if (text.length > MAX_CSV_BYTES) return { ok: false, error: `The file is over ${MAX_CSV_BYTES / 1024} kB.` };
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  const columns = parsed.meta.fields ?? [];
  const missing = CSV_COLUMNS.filter((c) => !columns.includes(c));
  const extra = columns.filter((c) => !(CSV_COLUMNS as readonly string[]).includes(c));
  if (missing.length || extra.length)
    return {
      ok: false,
      error: `The columns must be ${CSV_COLUMNS.join(", ")}.${missing.length ? ` Missing: ${missing.join(", ")}.` : ""}${extra.length ? ` Not expected: ${extra.join(", ")}.` : ""}`,
    };
  if (parsed.data.length === 0) return { ok: false, error: "The file has no rows." };
  if (parsed.data.length > MAX_BATCH_ROWS) return { ok: false, error: `At most ${MAX_BATCH_ROWS} rows per file.` };
  const schema = metricRowSchema(today);
  const rows: CsvRow[] = [];
  const errors: RowError[] = [];
  const broken = new Set(parsed.errors.map((e) => e.row));
  parsed.data.forEach((cells, i) => {
    const line = i + 2;
    if (broken.has(i)) return errors.push({ row: line, message: "this line does not have the header's columns" });
    const formula = CSV_COLUMNS.find((c) => FORMULA.test(cells[c] ?? ""));
    if (formula)
      return errors.push({
        row: line,
        field: formula,
        message: `${formula} starts with "${(cells[formula] ?? "").charAt(0)}": formulas and negative figures are refused`,
      });
    const figures = Object.fromEntries(FIGURES.map((f) => [f, parseFigure(cells[f] ?? "")]));
    const post = (cells.post ?? "").trim();
    const result = schema.safeParse({ channelPostId: post || undefined, day: (cells.day ?? "").trim(), ...figures });
    if (!result.success) {
      const issue = result.error.issues[0];
      return errors.push({
        row: line,
        field: issue.path.join(".") || undefined,
        message: post ? messageOf(issue).replace("channelPostId", "post") : "post is empty",
      });
    }
    const { channelPostId: _id, externalId: _ext, url: _url, ...row } = result.data;
    rows.push({ line, post, row });
  });
  return { ok: true, rows, errors };
}

export interface CsvPreviewRow {
  line: number;
  post: string;
  /** The item's title and the channel's name the row was matched to. */
  item: string;
  channel: string;
  day: string;
  impressions: number;
  likes: number;
  comments: number;
  shares: number;
  clicks: number;
}

/** The earliest calendar day anywhere on Earth (UTC−12) at that instant: a network may date its figures in any zone. */
const earliestDayAt = (at: Date) => new Date(at.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);

/** Why figures for `day` cannot belong to the post: it has not gone out, or went out after that day. Null when they can. */
export function beforePostRefusal(day: string, post: { status: string; publishedAt: Date | null }): string | null {
  if (post.status !== "published") return "the post has not gone out yet";
  if (post.publishedAt && day < earliestDayAt(post.publishedAt))
    return `${day} is before the post went out (${post.publishedAt.toISOString().slice(0, 10)})`;
  return null;
}
