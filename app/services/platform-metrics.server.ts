// Platform figures in, from the metrics API or a CSV (decision 021). A row naming an unknown post
// refuses the whole request: the caller fixes its ids and sends the batch again, and nothing
// partial is ever stored. A CSV import instead stores the good rows the preview showed.
import { parseMetricsCsv, type CsvPreviewRow, type MetricRow, type RowError } from "~/domain/platform-metrics";
import { findChannelPosts, storePostFigures } from "~/models/platform-metrics.server";

type Resolved = { post: { id: string; contentId: string; channel: string }; figures: Omit<MetricRow, "channelPostId" | "externalId"> };

export async function ingestMetricRows(rows: MetricRow[]): Promise<{ ok: true; stored: number } | { ok: false; errors: RowError[] }> {
  const posts = await findChannelPosts({
    ids: rows.flatMap((r) => (r.channelPostId ? [r.channelPostId] : [])),
    externalIds: rows.flatMap((r) => (r.externalId ? [r.externalId] : [])),
  });
  const resolved: Resolved[] = [];
  const errors: RowError[] = [];
  rows.forEach(({ channelPostId, externalId, ...figures }, row) => {
    const post = channelPostId ? posts.byId.get(channelPostId) : posts.byExternalId.get(externalId!);
    if (post) resolved.push({ post, figures });
    else
      errors.push({
        row,
        field: channelPostId ? "channelPostId" : "externalId",
        message: `no channel post ${channelPostId ? `with id ${channelPostId}` : `with external id ${externalId}`}`,
      });
  });
  if (errors.length) return { ok: false, errors };
  await storePostFigures(resolved, "api");
  return { ok: true, stored: resolved.length };
}

/** What a CSV would store (good rows, their posts found) and why each other row would not be. */
export async function readMetricsCsv(text: string, today: Date) {
  const parsed = parseMetricsCsv(text, today);
  if (!parsed.ok) return parsed;
  const names = parsed.rows.map((r) => r.post);
  const posts = await findChannelPosts({ ids: names, externalIds: names });
  const good: (CsvPreviewRow & { target: Resolved })[] = [];
  const errors = [...parsed.errors];
  for (const { line, post: name, row } of parsed.rows) {
    const post = posts.byId.get(name) ?? posts.byExternalId.get(name);
    if (post) good.push({ line, post: name, ...row, target: { post, figures: row } });
    else errors.push({ row: line, field: "post", message: `no channel post with id or external id ${name}` });
  }
  errors.sort((a, b) => a.row - b.row);
  return { ok: true as const, good, errors };
}

/** Stores the good rows of a CSV (the preview's), replacing those days. */
export async function importMetricsCsv(text: string, today: Date) {
  const read = await readMetricsCsv(text, today);
  if (!read.ok) return read;
  if (read.good.length)
    await storePostFigures(
      read.good.map((g) => g.target),
      "csv",
    );
  return { ok: true as const, stored: read.good.length, errors: read.errors };
}
