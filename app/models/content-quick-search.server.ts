import { z } from "zod/v4";
import { prisma } from "~/db/db.server";
import { SEARCH_LIMIT, foldCase, isAscii, type ContentMatch } from "~/domain/content-search";
import { col, parseRows } from "~/db/db-row.server";
import { currentWorkspaceId } from "~/db/workspace-scope.server";

const MatchRow = z.object({ id: col.text, title: col.text, excerpt: col.text, type: col.text, status: col.text });

/** Up to `limit` items whose title or a tag contains `term`, ignoring case; most recently edited first. */
export async function searchContent(term: string, limit = SEARCH_LIMIT): Promise<ContentMatch[]> {
  const raw = term.trim();
  if (!raw) return [];
  return isAscii(raw) ? searchAscii(raw, limit) : searchUnicode(raw, limit);
}

/**
 * SQLite's lower() folds ASCII only, which is exact for an ASCII term.
 * instr() rather than LIKE, so % and _ in the term are plain text. The same SQL runs on PostgreSQL
 * (quoted names; instr() is a function of its migration *_sqlite_twins, decision 046).
 */
async function searchAscii(term: string, limit: number): Promise<ContentMatch[]> {
  const lower = term.toLowerCase();
  const rows = await prisma.$queryRaw<unknown[]>`
    SELECT c."id", c."title", c."excerpt", c."type", c."status" FROM "ContentItem" c
    WHERE c."workspaceId" = ${currentWorkspaceId()}
      AND (instr(lower(c."title"), ${lower}) > 0
        OR EXISTS (SELECT 1 FROM "ContentTag" t WHERE t."contentId" = c."id" AND instr(lower(t."name"), ${lower}) > 0))
    ORDER BY c."updatedAt" DESC, c."id"
    LIMIT ${limit}`;
  return parseRows(MatchRow, rows);
}

const PAGE = 500;

/** "école" must find "École": fold in JS, reading newest first a page at a time until enough match. */
async function searchUnicode(term: string, limit: number) {
  const folded = foldCase(term);
  const found: ContentMatch[] = [];
  for (let skip = 0; found.length < limit; skip += PAGE) {
    const rows = await prisma.contentItem.findMany({
      select: { id: true, title: true, excerpt: true, type: true, status: true, tags: { select: { name: true } } },
      orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
      skip,
      take: PAGE,
    });
    for (const { tags, ...item } of rows) {
      if (foldCase(item.title).includes(folded) || tags.some((t) => foldCase(t.name).includes(folded))) found.push(item);
    }
    if (rows.length < PAGE) break;
  }
  return found.slice(0, limit);
}
