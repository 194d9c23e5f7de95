import { markdownBlocks } from "../markdown-syntax";
import { words } from "../text-stats";

/** A block of the text, located; headings and code are kept apart from prose. */
export interface Block {
  start: number;
  end: number;
  text: string;
  kind: "heading" | "code" | "prose";
  /** 1-based among prose paragraphs (0 for headings and code). */
  paragraph: number;
}

export interface Sentence {
  start: number;
  end: number;
  text: string;
  words: number;
  paragraph: number;
}

// Scoring asks for one text's blocks many times (each sentence, each place it names), and the editor's
// loader scores the same body on every refresh: the last few readings are kept (reading is a full parse).
const READINGS_KEPT = 16;
const readings = new Map<string, readonly Block[]>();

/** Blocks in text order, as the one Markdown reader finds them (a fence stays one block, a list item is one). */
export function blocksOf(text: string): Block[] {
  let blocks = readings.get(text);
  if (blocks) readings.delete(text);
  else blocks = readBlocks(text);
  readings.set(text, blocks);
  if (readings.size > READINGS_KEPT) readings.delete(readings.keys().next().value!);
  return blocks.map((block) => ({ ...block }));
}

function readBlocks(text: string): Block[] {
  let paragraph = 0;
  return markdownBlocks(text).map(({ kind: found, start, end }) => {
    const kind = found === "heading" || found === "code" ? found : "prose";
    return { start, end, text: text.slice(start, end), kind, paragraph: kind === "prose" ? ++paragraph : 0 };
  });
}

/** Sentences of the prose paragraphs, located in the whole text. */
export function sentencesOf(text: string): Sentence[] {
  const found: Sentence[] = [];
  for (const block of blocksOf(text)) {
    if (block.kind !== "prose") continue;
    for (const m of block.text.matchAll(/[^.!?\n]+(?:[.!?]+["”’)]*|$)/g)) {
      const raw = m[0];
      const lead = raw.length - raw.trimStart().length;
      const body = raw.trim();
      if (words(body).length === 0) continue;
      const start = block.start + (m.index ?? 0) + lead;
      found.push({ start, end: start + body.length, text: body, words: words(body).length, paragraph: block.paragraph });
    }
  }
  return found;
}

/** "paragraph 2" or "the heading “Why now”": where an offset sits, as a writer would say it. */
export function placeOf(text: string, offset: number): string {
  const block = blocksOf(text).find((b) => offset >= b.start && offset <= b.end);
  if (!block) return "the end of the text";
  if (block.kind === "heading") return `the heading “${block.text.replace(/^#+\s*/, "").slice(0, 40)}”`;
  if (block.kind === "code") return "a code block";
  return `paragraph ${block.paragraph}`;
}

/** The first words of a sentence, to point at it without quoting all of it. */
export function opening(sentence: string, count = 6): string {
  const list = sentence.split(/\s+/);
  return list.length > count ? `${list.slice(0, count).join(" ")}…` : sentence;
}
