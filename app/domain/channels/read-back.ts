// After a network takes a post, what it shows is read back and compared with what was approved
// (decision 074), allowing for what each network does: HTML entities, Mastodon's HTML, trimming,
// and links it shortens (t.co), which are named rather than hidden.

export type ReadBackNetwork = "twitter" | "linkedin" | "facebook" | "instagram" | "threads" | "bluesky" | "mastodon";

export interface ReadBack {
  /** The text as the network answers it (Mastodon: HTML). */
  text: string;
  mediaCount: number;
  /** Links the network shows shortened, with the address they stand for (X's entities). */
  expansions?: { short: string; long: string }[];
}

export interface ReadBackResult {
  asApproved: boolean;
  /** "Published as approved" or "Published, differs: …". */
  label: string;
  differences: string[];
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", "#39": "'", nbsp: " " };
const decodeEntities = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) => {
    if (e[0] === "#") return String.fromCodePoint(e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return ENTITIES[e.toLowerCase()] ?? m;
  });

/** Mastodon's content is HTML: paragraphs and breaks become new lines, tags go, entities are decoded. */
export const htmlToText = (html: string) =>
  decodeEntities(
    html
      .replace(/<br\s*\/?>/gi, "\n")
      .replace(/<\/p>\s*<p>/gi, "\n\n")
      .replace(/<[^>]+>/g, ""),
  );

const normalise = (s: string) =>
  s
    .replace(/\r\n/g, "\n")
    .replace(/[ \t]+\n/g, "\n")
    .trim();

export function compareReadBack(network: ReadBackNetwork, sent: { text: string; mediaCount: number }, got: ReadBack): ReadBackResult {
  const differences: string[] = [];
  let text = network === "mastodon" ? htmlToText(got.text) : decodeEntities(got.text);
  for (const e of got.expansions ?? []) {
    if (!text.includes(e.short)) continue;
    if (sent.text.includes(e.long)) {
      differences.push(`the network shortened the link ${e.long} to ${e.short}`);
      text = text.replace(e.short, e.long);
    } else if (got.mediaCount > 0 && !sent.text.includes(e.short)) text = text.replace(e.short, "");
  }
  if (normalise(text) !== normalise(sent.text))
    differences.push(`the text reads “${normalise(text)}” (approved: “${normalise(sent.text)}”)`);
  if (got.mediaCount !== sent.mediaCount) differences.push(`${got.mediaCount} media files (approved: ${sent.mediaCount})`);
  return differences.length === 0
    ? { asApproved: true, label: "Published as approved", differences }
    : { asApproved: false, label: `Published, differs: ${differences.join("; ")}`, differences };
}
