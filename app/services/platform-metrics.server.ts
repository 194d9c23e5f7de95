// Platform figures in, from the metrics API or a CSV (decision 021). A row names its post by the
// studio's id, the network's id or the post's address (decision 050). A row naming an unknown post,
// or dated before its post went out, refuses the whole request: the caller fixes it and sends the
// batch again, and nothing partial is ever stored. A CSV import instead stores the good rows the preview showed.
import { CHANNEL_LABELS, isChannel } from "~/domain/channels/network-limits";
import { beforePostRefusal, parseMetricsCsv, type CsvPreviewRow, type MetricRow, type RowError } from "~/domain/platform-metrics";
import { findChannelPosts, storePostFigures, type FoundPost } from "~/models/platform-metrics.server";

type Figures = Omit<MetricRow, "channelPostId" | "externalId" | "url">;
type Resolved = { post: { id: string; contentId: string; channel: string }; figures: Figures };

const nameOf = (post: FoundPost) => ({
  item: post.content.title,
  channel: isChannel(post.channel) ? CHANNEL_LABELS[post.channel] : post.channel,
});

export async function ingestMetricRows(
  rows: MetricRow[],
): Promise<{ ok: true; stored: number } | { ok: false; status: 400 | 404; errors: RowError[] }> {
  const posts = await findChannelPosts({
    ids: rows.flatMap((r) => (r.channelPostId ? [r.channelPostId] : [])),
    externalIds: rows.flatMap((r) => (r.externalId ? [r.externalId] : [])),
    urls: rows.flatMap((r) => (r.url ? [r.url] : [])),
  });
  const resolved: Resolved[] = [];
  const unknown: RowError[] = [];
  const early: RowError[] = [];
  rows.forEach(({ channelPostId, externalId, url, ...figures }, row) => {
    const post = channelPostId
      ? posts.byId.get(channelPostId)
      : externalId
        ? posts.byExternalId.get(externalId)
        : posts.byUrl.get(posts.bareUrl(url!));
    const field = channelPostId ? "channelPostId" : externalId ? "externalId" : "url";
    if (!post) {
      const named = channelPostId ? `with id ${channelPostId}` : externalId ? `with external id ${externalId}` : `at ${url}`;
      return void unknown.push({ row, field, message: `no channel post ${named}` });
    }
    const refusal = beforePostRefusal(figures.day, post);
    const { item, channel } = nameOf(post);
    if (refusal) return void early.push({ row, field: "day", message: `${channel} post of “${item}”: ${refusal}` });
    resolved.push({ post, figures });
  });
  if (unknown.length) return { ok: false, status: 404, errors: unknown };
  if (early.length) return { ok: false, status: 400, errors: early };
  await storePostFigures(resolved, "api");
  return { ok: true, stored: resolved.length };
}

/** What a CSV would store (good rows, their posts found and named) and why each other row would not be. */
export async function readMetricsCsv(text: string, today: Date) {
  const parsed = parseMetricsCsv(text, today);
  if (!parsed.ok) return parsed;
  const names = parsed.rows.map((r) => r.post);
  const posts = await findChannelPosts({ ids: names, externalIds: names, urls: names.filter((n) => /^https?:\/\//i.test(n)) });
  const good: (CsvPreviewRow & { target: Resolved })[] = [];
  const errors = [...parsed.errors];
  for (const { line, post: name, row } of parsed.rows) {
    const post = posts.byId.get(name) ?? posts.byExternalId.get(name) ?? posts.byUrl.get(posts.bareUrl(name));
    if (!post) {
      errors.push({ row: line, field: "post", message: `no channel post with id, network id or address ${name}` });
      continue;
    }
    const named = nameOf(post);
    const refusal = beforePostRefusal(row.day, post);
    if (refusal) errors.push({ row: line, field: "day", message: `${named.channel} post of “${named.item}”: ${refusal}` });
    else good.push({ line, post: name, ...named, ...row, target: { post, figures: row } });
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
