// How History reads (issue 33): each version has its own number, oldest first — not the item's version
// counter, which six agent steps of one run can share — and names its authors once.

export interface HistoryEntry {
  id: string;
  label: string;
  /** Who saved it: a member, or "Agent (agent) · requested by Member". */
  author: string;
}

const TOGETHER = "Edited together: ";

/** Numbers versions listed newest first, out of `total` in all: the oldest is 1. */
export function numberVersions<T>(newestFirst: T[], total: number): (T & { number: number })[] {
  return newestFirst.map((entry, i) => ({ ...entry, number: total - i }));
}

/** "A", "A and B", "A, B and C". */
export function namesList(names: string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** Everyone whose words a version holds: the members named in "Edited together: …", else its author. */
export function authorsOf(entry: HistoryEntry): string[] {
  return entry.label.startsWith(TOGETHER) ? entry.label.slice(TOGETHER.length).split(", ").filter(Boolean) : [entry.author];
}

/** One line per version, naming each author once: "Edited together by Marcus Rivera and Sarah Chen". */
export function versionLine(entry: HistoryEntry): string {
  const what = entry.label.startsWith(TOGETHER) ? "Edited together" : entry.label;
  return `${what} by ${namesList(authorsOf(entry))}`;
}

/**
 * Whose words a restore of `chosenId` changes: the authors of every version after it, and anyone
 * typing now whose words are not in a version yet; each once, in the order they last wrote.
 */
export function authorsSince(newestFirst: HistoryEntry[], chosenId: string, typingNow: string[] = []): string[] {
  const chosen = newestFirst.findIndex((entry) => entry.id === chosenId);
  const since = chosen < 0 ? [] : newestFirst.slice(0, chosen);
  return [...new Set([...typingNow, ...since.flatMap(authorsOf)])];
}
