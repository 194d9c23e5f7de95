/** A located edit the writer can accept: replace text[start, end) with `replacement`. */
export interface Suggestion {
  id: string;
  kind: "wordy" | "intensifier";
  message: string;
  why: string;
  start: number;
  end: number;
  original: string;
  replacement: string;
}

const WORDY: Record<string, string> = {
  "in order to": "to",
  "due to the fact that": "because",
  "at this point in time": "now",
  "a number of": "several",
  "in the event that": "if",
};
const INTENSIFIERS = ["really", "very", "extremely", "totally", "actually", "just"];

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Rule-based suggestions in text order; the assistant issue replaces these rules. */
export function quickSuggestions(text: string, limit = 2): Suggestion[] {
  const found: Suggestion[] = [];
  for (const [phrase, replacement] of Object.entries(WORDY)) {
    for (const m of text.matchAll(new RegExp(`\\b${escape(phrase)}\\b`, "gi"))) {
      const start = m.index ?? 0;
      found.push({
        id: `wordy-${start}`,
        kind: "wordy",
        message: `Replace “${m[0]}” with “${replacement}”`,
        why: "Shorter phrasing reads faster and keeps the point up front.",
        start,
        end: start + m[0].length,
        original: m[0],
        replacement: m[0][0] === m[0][0].toUpperCase() ? replacement[0].toUpperCase() + replacement.slice(1) : replacement,
      });
    }
  }
  for (const word of INTENSIFIERS) {
    for (const m of text.matchAll(new RegExp(`\\b${word}\\b ?`, "gi"))) {
      const start = m.index ?? 0;
      found.push({
        id: `intensifier-${start}`,
        kind: "intensifier",
        message: `Remove “${m[0].trim()}”`,
        why: "Intensifiers weaken a claim; the sentence is stronger without it.",
        start,
        end: start + m[0].length,
        original: m[0],
        replacement: "",
      });
    }
  }
  return found.sort((a, b) => a.start - b.start).slice(0, limit);
}

/** Applies a suggestion only if the text still holds the original at its span. */
export function applySuggestion(text: string, s: Suggestion): string {
  if (text.slice(s.start, s.end) !== s.original) return text;
  return text.slice(0, s.start) + s.replacement + text.slice(s.end);
}
