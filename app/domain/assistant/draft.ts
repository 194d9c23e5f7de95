import { isContentType, type ContentType } from "../content";
import { DRAFT_PLATFORM } from "./draft-platform";
import { outlineArticle, outlinePost } from "./outline";
import type { BrandVoice, LibrarySource, Platform } from "./types";

export { DRAFT_PLATFORM };

/**
 * The built-in AI Draft: an outline, never prose (decision 038). A social or caption brief gets the points
 * to make within the channel's limit; an article or blog post gets sections with the library's passages.
 */
export function draftLocal(request: {
  title: string;
  brief: string;
  type: ContentType;
  voice: BrandVoice;
  sources?: LibrarySource[];
  platform?: Platform;
}): string {
  const platform = request.platform ?? (isContentType(request.type) ? DRAFT_PLATFORM[request.type] : undefined);
  return platform ? outlinePost({ ...request, platform }) : outlineArticle(request);
}
