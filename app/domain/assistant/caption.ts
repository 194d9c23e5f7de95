import type { CaptionRequest } from "./types";

/** Placeholder: the caption work replaces this with platform limits, lead extraction and hashtags. */
export function localCaption(request: CaptionRequest): string {
  const tags = request.tags.map((t) => `#${t.replace(/\W+/g, "")}`).join(" ");
  return `${request.title} ${tags}`.trim();
}
