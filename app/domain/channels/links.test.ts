import { describe, expect, it } from "vitest";
import { postUrl, tagLink } from "./links";

describe("tagLink", () => {
  const opts = { siteUrl: "https://blog.acme.test", channel: "linkedin" as const, slug: "seo-tips", enabled: true };

  it("tags links to the team's site", () => {
    const tagged = new URL(tagLink(postUrl("https://blog.acme.test/", "seo-tips"), opts));
    expect(tagged.pathname).toBe("/seo-tips");
    expect(Object.fromEntries(tagged.searchParams)).toEqual({ utm_source: "linkedin", utm_medium: "social", utm_campaign: "seo-tips" });
  });

  it("keeps other parameters and the fragment, and replaces old UTM values", () => {
    const tagged = tagLink("https://BLOG.acme.test/a?ref=1&utm_source=old#top", opts);
    expect(tagged).toBe("https://blog.acme.test/a?ref=1&utm_source=linkedin&utm_medium=social&utm_campaign=seo-tips#top");
  });

  it("leaves other sites, the website channel, bad URLs and a team that turned it off alone", () => {
    expect(tagLink("https://other.test/a", opts)).toBe("https://other.test/a");
    expect(tagLink("https://blog.acme.test/a", { ...opts, channel: "website" })).toBe("https://blog.acme.test/a");
    expect(tagLink("not a url", opts)).toBe("not a url");
    expect(tagLink("https://blog.acme.test/a", { ...opts, enabled: false })).toBe("https://blog.acme.test/a");
  });
});
