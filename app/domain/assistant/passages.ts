import { words } from "../text-stats";
import { sentencesOf } from "./places";

const STOP = new Set(
  "about above after again also because been before being between both brief close cover each every explain from have here into just more most much only other over show some such than that their them then there these they this those through under very what when where which while with would your write piece post article blog end".split(
    " ",
  ),
);
const stem = (w: string) => w.toLowerCase().replace(/(ing|ed|es|s)$/, "");

/** The brief's content words worth searching the library for, most telling first (longest, then first seen). */
export function searchTermsOf(brief: string, max = 6): string[] {
  const seen = new Map<string, string>();
  for (const w of words(brief)) {
    const lower = w.toLowerCase();
    if (lower.length < 4 || STOP.has(lower) || /^\d+$/.test(lower) || lower.includes("'")) continue;
    if (!seen.has(stem(lower))) seen.set(stem(lower), lower);
  }
  return [...seen.values()].sort((a, b) => b.length - a.length).slice(0, max);
}

/**
 * A body without its title line: the first `# heading`, or a first line that is the title itself
 * (the title is quoted apart, as the source's name, never run into its passage).
 */
export function bodyWithoutTitle(body: string, title: string): string {
  const [first, ...rest] = body.replace(/^\s+/, "").split("\n");
  const plain = first.replace(/^#+\s*/, "").trim();
  if (/^#/.test(first) || plain === title.trim()) return rest.join("\n");
  return body.replace(/^#.*$/m, "");
}

/**
 * The one or two sentences of a published body that share the most words with the brief, at most
 * `maxWords` long; null when no sentence shares one (a passage that does not relate is not quoted).
 */
export function bestPassage(body: string, terms: string[], maxWords = 45): string | null {
  const want = new Set(terms.map(stem));
  const sentences = sentencesOf(body);
  let best = { text: "", hits: 0 };
  for (let i = 0; i < sentences.length; i++) {
    const pair = sentences.slice(i, i + 2);
    // Two sentences only from one paragraph: a heading or title line never runs into the text after it.
    const spans = pair.length === 2 && pair[0].paragraph === pair[1].paragraph ? [pair.slice(0, 1), pair] : [pair.slice(0, 1)];
    for (const span of spans) {
      const text = span.map((s) => s.text).join(" ");
      if (words(text).length > maxWords || span.length === 0) continue;
      const hits = new Set(
        words(text)
          .map(stem)
          .filter((w) => want.has(w)),
      ).size;
      if (hits > best.hits || (hits > 0 && hits === best.hits && span.length === 1 && text.length < best.text.length))
        best = { text, hits };
    }
  }
  return best.hits > 0 ? best.text : null;
}
