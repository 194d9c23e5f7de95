import { diffWordsWithSpace } from "diff";

/** Words added and removed between two texts, for the revision history. */
export function wordsChanged(before: string, after: string): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const part of diffWordsWithSpace(before, after)) {
    const words = part.value.split(/\s+/).filter(Boolean).length;
    if (part.added) added += words;
    else if (part.removed) removed += words;
  }
  return { added, removed };
}
