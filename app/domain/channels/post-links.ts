// The links written in a channel post's text, so delivery can send each as the studio's short link.

// An http(s) URL up to whitespace or a quote/bracket; trailing sentence punctuation is not part of it.
const URL_IN_TEXT = /https?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?)\]}]+$/;

/** Each distinct http(s) link in the text, in order of first appearance. */
export function linksIn(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = match[0].replace(TRAILING, "");
    if (url.length > "https://".length) found.add(url);
  }
  return [...found];
}

/** The text with every link that has a replacement swapped for it; everything else kept as written. */
export function replaceLinks(text: string, replacements: ReadonlyMap<string, string>): string {
  return text.replace(URL_IN_TEXT, (raw) => {
    const url = raw.replace(TRAILING, "");
    const to = replacements.get(url);
    return to ? to + raw.slice(url.length) : raw;
  });
}
