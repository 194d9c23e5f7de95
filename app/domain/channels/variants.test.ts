import { describe, expect, it } from "vitest";
import { ALL_CHANNELS as ALL, measurePost } from "./network-limits";
import { topicHashtags, variantText } from "./variants";

const item = {
  title: "Ten ways to plan a content calendar",
  body: "A calendar turns good intentions into published posts. It shows gaps before they hurt. Teams that plan ship twice as often.\n\nSecond paragraph.",
  excerpt: "",
  tags: ["content marketing", "planning", "seo"],
};
const link = "https://blog.acme.test/ten-ways-to-plan-a-content-calendar";

describe("variantText", () => {
  it("leads with the title and the article's first sentences, with topic hashtags from the tags", () => {
    const text = variantText(item, "linkedin", link);
    expect(text.startsWith("Ten ways to plan a content calendar.\n\nA calendar turns good intentions")).toBe(true);
    expect(text).toContain("#ContentMarketing #planning #seo");
  });

  it("never starts with a placeholder title and never uses brand keywords", () => {
    const text = variantText({ ...item, title: "Untitled blog post" }, "twitter", link);
    expect(text).not.toMatch(/untitled/i);
    expect(text.startsWith("A calendar turns")).toBe(true);
    // Only the item's tags become hashtags: nothing else can appear.
    for (const tag of text.match(/#\w+/g) ?? []) expect(["#ContentMarketing", "#planning"]).toContain(tag);
  });

  it("prefers the item's excerpt as the lead", () => {
    expect(variantText({ ...item, excerpt: "Plan once, post all month." }, "facebook", link)).toContain("Plan once, post all month.");
  });

  it("fits every channel, even for a very long article and title", () => {
    const long = { ...item, title: "Word ".repeat(80).trim(), body: "Sentence number one is long. ".repeat(500) };
    for (const channel of ALL)
      expect(measurePost(channel, variantText(long, channel, link), channel === "website" ? null : link).over).toBe(false);
  });

  it("dedupes hashtags ignoring case and skips all-digit tags", () => {
    expect(topicHashtags(["SEO", "seo", "2026", "growth"], 5)).toEqual(["#SEO", "#growth"]);
  });
});
