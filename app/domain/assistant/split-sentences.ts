import { words } from "../text-stats";
import type { Sentence } from "./places";

/** Clear places to end a sentence: a semicolon, or a comma before a joining word that starts a new clause. */
const BOUNDARIES = [/;\s+/g, /,\s+(?:and)\s+/g, /,\s+(?=(?:but|so)\s)/g];
const MIN_SIDE = 4;

export interface Split {
  /** The boundary found, as the writer sees it (“; ” or “, and”). */
  at: string;
  /** The sentence as two (or more) sentences. */
  text: string;
}

const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Splits one sentence at the clear boundary nearest its middle, or returns null when there is none. */
export function splitSentence(sentence: string): Split | null {
  const middle = sentence.length / 2;
  let best: { index: number; length: number } | null = null;
  for (const pattern of BOUNDARIES)
    for (const m of sentence.matchAll(pattern)) {
      const index = m.index ?? 0;
      const left = sentence.slice(0, index);
      const right = sentence.slice(index + m[0].length);
      if (words(left).length < MIN_SIDE || words(right).length < MIN_SIDE) continue;
      if (!best || Math.abs(index - middle) < Math.abs(best.index - middle)) best = { index, length: m[0].length };
    }
  if (!best) return null;
  const left = sentence.slice(0, best.index).replace(/[,;:\s]+$/, "");
  const right = sentence.slice(best.index + best.length);
  const label = sentence.slice(best.index, best.index + best.length).trim() || ",";
  const joiner = label === "," ? `, ${right.split(/\s/)[0]}` : label;
  return { at: joiner, text: `${left}. ${upperFirst(right)}` };
}

/** Splits every sentence over `limit` words that has a clear boundary, repeatedly, last first. */
export function splitLongSentences(text: string, sentences: Sentence[], limit: number): { text: string; split: number } {
  let out = text;
  let split = 0;
  for (const s of [...sentences].reverse()) {
    if (s.words <= limit) continue;
    let current = s.text;
    let changed = false;
    for (let guard = 0; guard < 4; guard++) {
      const parts = current.split(/(?<=[.!?])\s+/);
      const index = parts.findIndex((p) => words(p).length > limit && splitSentence(p));
      if (index < 0) break;
      parts[index] = splitSentence(parts[index])!.text;
      current = parts.join(" ");
      changed = true;
    }
    if (!changed) continue;
    out = out.slice(0, s.start) + current + out.slice(s.end);
    split++;
  }
  return { text: out, split };
}
