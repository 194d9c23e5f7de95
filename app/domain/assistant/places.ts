import { words } from "../text-stats";

/** A block of the text between blank lines, located; headings and code are kept apart from prose. */
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

/** Blocks in text order; a fenced code block stays one block even with blank lines inside. */
export function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  let paragraph = 0;
  const pattern = /```[\s\S]*?(?:```|$)|[^\n]+(?:\n(?![ \t]*\n)[^\n]*)*/g;
  for (const m of text.matchAll(pattern)) {
    const raw = m[0];
    if (!raw.trim()) continue;
    const start = m.index ?? 0;
    const kind = raw.startsWith("```") ? "code" : /^#{1,6}\s/.test(raw) ? "heading" : "prose";
    blocks.push({ start, end: start + raw.length, text: raw, kind, paragraph: kind === "prose" ? ++paragraph : 0 });
  }
  return blocks;
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
