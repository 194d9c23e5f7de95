import { diff3Merge } from "node-diff3";

/** Words and the whitespace between them, so edits to different words of one paragraph do not collide. */
const tokens = (text: string) => text.split(/(\s+)/).filter((t) => t !== "");

export type MergeResult = { clean: true; text: string } | { clean: false; conflicts: number };

/**
 * Three-way merge of two edits of `base`, word by word. Clean when the edits do not touch the same
 * words (or make the same change); otherwise reports how many passages collide.
 */
export function mergeText(base: string, mine: string, theirs: string): MergeResult {
  if (mine === theirs || theirs === base) return { clean: true, text: mine };
  if (mine === base) return { clean: true, text: theirs };
  const regions = diff3Merge(tokens(mine), tokens(base), tokens(theirs), { excludeFalseConflicts: true });
  const conflicts = regions.filter((r) => r.conflict).length;
  if (conflicts > 0) return { clean: false, conflicts };
  return { clean: true, text: regions.flatMap((r) => r.ok ?? []).join("") };
}

/**
 * Like mergeText, but always gives a text: where both edits touch the same words, `keep`'s words win.
 * For a server-side writer (an agent step) landing on text people are typing: their words stay.
 */
export function mergeKeeping(base: string, incoming: string, keep: string): string {
  if (incoming === base) return keep;
  if (keep === base) return incoming;
  const regions = diff3Merge(tokens(incoming), tokens(base), tokens(keep), { excludeFalseConflicts: true });
  return regions.flatMap((r) => r.ok ?? r.conflict?.b ?? []).join("");
}
