import { z } from "zod";
import { CONTENT_TYPES } from "./content";

export const TITLE_MAX = 200;
export const TAGS_MAX = 10;
export const TAG_LENGTH_MAX = 40;

/** "seo, AI ,  strategy" → ["seo", "AI", "strategy"]: trimmed, de-duplicated ignoring case. */
export function parseTags(raw: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const tag of raw
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean)) {
    if (seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** The title "New Blog Post" starts a draft with; the member renames it in the editor. */
export const UNTITLED_BLOG_POST = "Untitled blog post";

export const NewContentSchema = z.object({
  title: z
    .string({ required_error: "Give it a title." })
    .trim()
    .min(1, "Give it a title.")
    .max(TITLE_MAX, `Keep the title to ${TITLE_MAX} characters or fewer.`),
  type: z.enum(CONTENT_TYPES, { errorMap: () => ({ message: `Choose a type: ${CONTENT_TYPES.join(", ")}.` }) }),
  tags: z
    .string()
    .default("")
    .transform(parseTags)
    .refine((tags) => tags.length <= TAGS_MAX, `Use at most ${TAGS_MAX} tags.`)
    .refine((tags) => tags.every((t) => t.length <= TAG_LENGTH_MAX), `Keep each tag to ${TAG_LENGTH_MAX} characters or fewer.`),
});
