import { xmlText } from "./svg-text";

const PALETTES: Record<string, [string, string]> = {
  blog: ["#6366f1", "#a855f7"],
  article: ["#0ea5e9", "#6366f1"],
  social: ["#ec4899", "#f97316"],
  caption: ["#8b5cf6", "#14b8a6"],
};

/** A self-served cover image: a gradient by type with the title's first words. */
export function thumbnailSvg(title: string, type: string): string {
  const [from, to] = PALETTES[type] ?? PALETTES.blog;
  const words = title.split(/\s+/).filter(Boolean);
  const lines = [words.slice(0, 3).join(" "), words.slice(3, 6).join(" ")]
    .filter(Boolean)
    .map((l) => xmlText([...l].slice(0, 28).join("")));
  const text = lines
    .map(
      (l, i) =>
        `<text x="24" y="${86 + i * 30}" font-size="22" font-weight="700" fill="#fff" font-family="system-ui, sans-serif">${l}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" viewBox="0 0 400 200"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="400" height="200" fill="url(#g)"/><circle cx="350" cy="40" r="70" fill="#fff" fill-opacity=".12"/>${text}</svg>`;
}
