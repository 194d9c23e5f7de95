import { prisma } from "~/db/db.server";
import { listings } from "~/db/listings.server";
import { bestPassage, bodyWithoutTitle, searchTermsOf } from "~/domain/assistant/passages";
import { postUrl } from "~/domain/channels/links";
import type { LibrarySource } from "~/domain/assistant/types";
import { normalizeSearch } from "~/domain/search-text";

/**
 * Published items related to a brief, found with the library's own search (title and tags), each with
 * the passage of its body that relates most. Items found by more of the brief's words come first.
 */
export async function findLibrarySources(brief: string, options: { exclude?: string; limit?: number } = {}): Promise<LibrarySource[]> {
  const terms = searchTermsOf(brief);
  const hits = new Map<string, number>();
  for (const term of terms) {
    const query = { term: normalizeSearch(term), filters: { status: "published" }, sort: "views" } as const;
    const found = await listings().titleMatches(query, 5);
    for (const id of found) if (id !== options.exclude) hits.set(id, (hits.get(id) ?? 0) + 1);
  }
  const ids = [...hits.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  if (ids.length === 0) return [];
  const items = await prisma.contentItem.findMany({
    where: { id: { in: ids.slice(0, 10) }, status: "published" },
    select: {
      id: true,
      title: true,
      body: true,
      slug: true,
      channelPosts: { where: { channel: "website" }, select: { externalUrl: true, link: true } },
    },
  });
  const siteUrl = (await prisma.settings.findFirst({ select: { siteUrl: true } }))?.siteUrl ?? "";
  /** Where readers find the source: its address on the team's site when known, else its page in the studio. */
  const hrefOf = (item: (typeof items)[number]) => {
    const website = item.channelPosts[0];
    return website?.externalUrl ?? website?.link ?? (siteUrl && item.slug ? postUrl(siteUrl, item.slug) : `/editor?id=${item.id}`);
  };
  const sources: LibrarySource[] = [];
  for (const id of ids) {
    const item = items.find((i) => i.id === id);
    const passage = item ? bestPassage(bodyWithoutTitle(item.body, item.title), terms) : null;
    if (item && passage && passage.trim() !== item.title.trim()) sources.push({ id, title: item.title, href: hrefOf(item), passage });
    if (sources.length >= (options.limit ?? 3)) break;
  }
  return sources;
}
