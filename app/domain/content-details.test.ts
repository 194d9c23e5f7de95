import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DetailsSchema, SLUG_MAX, firstFreeSlug, slugFollowsTitle, slugify, wantedSlug } from "./content-details";

describe("slugify", () => {
  it("makes lowercase ASCII words joined by hyphens", () => {
    expect(slugify("The Future of AI in Content Marketing")).toBe("the-future-of-ai-in-content-marketing");
    expect(slugify("Café déjà vu — Q4's plan!")).toBe("cafe-deja-vu-q4s-plan");
    expect(slugify("  ---  ")).toBe("post");
  });
  it("always gives a valid slug within the limit", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (title) => {
        const slug = slugify(title);
        expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
        expect(DetailsSchema.safeParse({ id: "x", title: "t", slug }).success).toBe(true);
      }),
    );
  });
});

describe("firstFreeSlug", () => {
  it("adds -2, -3 … until the slug is free", () => {
    expect(firstFreeSlug("plan", new Set())).toBe("plan");
    expect(firstFreeSlug("plan", new Set(["plan", "plan-2"]))).toBe("plan-3");
  });
});

describe("wantedSlug", () => {
  const draft = { title: "Untitled blog post", slug: "untitled-blog-post-2", published: false };
  it("follows the title until the slug is edited", () => {
    expect(slugFollowsTitle(draft.slug, draft.title)).toBe(true);
    expect(wantedSlug({ title: "Spring plan", slug: draft.slug }, draft)).toEqual({ slug: "spring-plan", generated: true });
    expect(wantedSlug({ title: "Spring plan", slug: "my-own" }, draft)).toEqual({ slug: "my-own", generated: false });
    const edited = { title: "Spring plan", slug: "my-own", published: false };
    expect(wantedSlug({ title: "Summer plan", slug: "my-own" }, edited)).toEqual({ slug: "my-own", generated: false });
  });
  it("keeps a published item's URL when only the title changes, and remakes an emptied slug", () => {
    const published = { ...draft, published: true };
    expect(wantedSlug({ title: "Spring plan", slug: draft.slug }, published)).toEqual({ slug: draft.slug, generated: false });
    expect(wantedSlug({ title: "Spring plan", slug: "" }, published)).toEqual({ slug: "spring-plan", generated: true });
  });
});

describe("DetailsSchema", () => {
  it("refuses an empty or over-long title, a bad slug and a long excerpt, each beside its field", () => {
    const result = DetailsSchema.safeParse({ id: "x", title: " ", slug: "Not A Slug", excerpt: "x".repeat(301) });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path[0]);
    expect(paths).toEqual(expect.arrayContaining(["title", "slug", "excerpt"]));
    expect(DetailsSchema.safeParse({ id: "x", title: "t".repeat(201) }).success).toBe(false);
    expect(DetailsSchema.safeParse({ id: "x", title: "t".repeat(200), excerpt: "e".repeat(300) }).success).toBe(true);
  });
});
