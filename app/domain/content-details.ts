import { z } from "zod";

export const TITLE_MAX = 200;
export const SLUG_MAX = 80;
export const EXCERPT_MAX = 300;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A URL name from a title: lowercase ASCII letters and digits joined by single hyphens. */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
  return slug || "post";
}

/** True while a slug is the title's own (maybe with a "-2" made to keep it unique): it was never edited by hand. */
export function slugFollowsTitle(slug: string | null, title: string): boolean {
  if (!slug) return true;
  const base = slugify(title);
  return slug === base || new RegExp(`^${base}-\\d+$`).test(slug);
}

/** The first of base, base-2, base-3, … that `taken` says is free. */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The editor's Title, slug and excerpt form. An empty slug means "make it from the title". */
export const DetailsSchema = z.object({
  id: z.string().min(1, "Choose a content item."),
  title: z
    .string({ required_error: "Give the item a title." })
    .trim()
    .min(1, "Give the item a title.")
    .max(TITLE_MAX, `Keep the title to ${TITLE_MAX} characters.`),
  slug: z
    .string()
    .trim()
    .max(SLUG_MAX, `Keep the slug to ${SLUG_MAX} characters.`)
    .refine((s) => s === "" || SLUG.test(s), "Use lowercase letters, digits and single hyphens (like “spring-launch-plan”).")
    .default(""),
  excerpt: z
    .string()
    .trim()
    .max(EXCERPT_MAX, `Keep the excerpt to ${EXCERPT_MAX} characters: it is the summary search engines and feeds show.`)
    .default(""),
});
export type DetailsInput = z.infer<typeof DetailsSchema>;

/**
 * The slug to store: the one asked for, or — while the slug still follows the title and the item is
 * not published (a published URL must not move) — one made from the new title.
 */
export function wantedSlug(input: { title: string; slug: string }, current: { title: string; slug: string | null; published: boolean }) {
  const untouched = input.slug === "" || input.slug === current.slug;
  if (input.slug === "") return { slug: slugify(input.title), generated: true };
  if (untouched && !current.published && slugFollowsTitle(current.slug, current.title))
    return { slug: slugify(input.title), generated: true };
  return { slug: input.slug, generated: false };
}
