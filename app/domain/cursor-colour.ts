/** Caret colours with at least 4.5:1 contrast against white label text. */
const COLOURS = ["#b91c1c", "#c2410c", "#a16207", "#15803d", "#0f766e", "#0369a1", "#4338ca", "#7e22ce", "#be185d"];

/** The same colour for a member on every screen and in every session. */
export function cursorColour(userId: string): string {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return COLOURS[hash % COLOURS.length];
}
