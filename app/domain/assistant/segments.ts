const graphemeSegmenter = new Intl.Segmenter("en", { granularity: "grapheme" });
const wordSegmenter = new Intl.Segmenter("en", { granularity: "word" });
const ASCII = /^[\x00-\x7f]*$/;

export interface Piece {
  segment: string;
  index: number;
}

/**
 * Intl.Segmenter slows down sharply on long strings, so the text is segmented run by run (runs
 * of spaces and of non-spaces), with plain ASCII runs split by hand. Graphemes and words never
 * span a space except for a combining mark placed right after one, which is rare enough to ignore.
 */
function* byRuns(text: string, segmenter: Intl.Segmenter, ascii: (run: string, at: number) => Iterable<Piece>): Generator<Piece> {
  for (const run of text.matchAll(/\s+|\S+/gu)) {
    const at = run.index!;
    if (ASCII.test(run[0])) yield* ascii(run[0], at);
    else for (const s of segmenter.segment(run[0])) yield { segment: s.segment, index: at + s.index };
  }
}

function* asciiGraphemes(run: string, at: number): Generator<Piece> {
  for (let i = 0; i < run.length; i++) {
    const pair = run[i] === "\r" && run[i + 1] === "\n"; // CR LF is one grapheme
    yield { segment: pair ? "\r\n" : run[i], index: at + i };
    if (pair) i++;
  }
}

/** A plain ASCII run stays whole: its words are already split by spaces. */
function* asciiWords(run: string, at: number): Generator<Piece> {
  yield { segment: run, index: at };
}

export const graphemesOf = (text: string) => byRuns(text, graphemeSegmenter, asciiGraphemes);
export const wordsOf = (text: string) => byRuns(text, wordSegmenter, asciiWords);
