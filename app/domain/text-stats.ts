import { syllable } from "syllable";

export const WORDS_PER_MINUTE = 200;

export interface TextStats {
  words: number;
  sentences: number;
  /** Flesch reading ease clamped to 0–100, shown as a percentage. */
  readability: number;
  readingMinutes: number;
}

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

export function words(text: string): string[] {
  return text.match(WORD) ?? [];
}

export function countSentences(text: string): number {
  const parts = text.split(/[.!?]+(?:\s|$)|\n{2,}/u).filter((p) => words(p).length > 0);
  return parts.length;
}

export function fleschReadingEase(text: string): number {
  const list = words(text);
  if (list.length === 0) return 0;
  const sentences = Math.max(1, countSentences(text));
  const syllables = list.reduce((sum, w) => sum + Math.max(1, syllable(w)), 0);
  return 206.835 - 1.015 * (list.length / sentences) - 84.6 * (syllables / list.length);
}

export function textStats(text: string, wpm = WORDS_PER_MINUTE): TextStats {
  const count = words(text).length;
  const ease = fleschReadingEase(text);
  return {
    words: count,
    sentences: countSentences(text),
    readability: Math.round(Math.min(100, Math.max(0, ease))),
    readingMinutes: count === 0 ? 0 : Math.max(1, Math.ceil(count / wpm)),
  };
}
