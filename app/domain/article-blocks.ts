/** One block of an article as readers see it. */
export type ArticleBlock = { kind: "h1" | "h2" | "h3" | "p"; text: string } | { kind: "ul"; items: string[] };

/**
 * Reads the editor's plain text the way the published page shows it: "#", "##", "###" headings,
 * "- " or "* " lists, blank-line paragraphs; the first line of a text without headings is its title.
 * Only text comes out: rendering it through React escapes everything.
 */
export function articleBlocks(text: string): ArticleBlock[] {
  const blocks: ArticleBlock[] = [];
  const chunks = text
    .replace(/\r\n/g, "\n")
    .split(/\n{2,}/)
    .map((c) => c.trim())
    .filter(Boolean);
  for (const chunk of chunks) {
    const lines = chunk.split("\n").map((l) => l.trim());
    if (lines.every((l) => /^[-*] /.test(l))) {
      blocks.push({ kind: "ul", items: lines.map((l) => l.slice(2).trim()) });
      continue;
    }
    const heading = /^(#{1,3}) (.*)$/.exec(lines[0]);
    if (heading) {
      blocks.push({ kind: (["h1", "h2", "h3"] as const)[heading[1].length - 1], text: heading[2] });
      if (lines.length > 1) blocks.push({ kind: "p", text: lines.slice(1).join(" ") });
      continue;
    }
    blocks.push({ kind: "p", text: lines.join(" ") });
  }
  if (blocks.length > 1 && !blocks.some((b) => b.kind !== "p" && b.kind !== "ul") && blocks[0].kind === "p")
    blocks[0] = { kind: "h1", text: blocks[0].text };
  return blocks;
}
