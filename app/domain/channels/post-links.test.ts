import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { linksIn, replaceLinks } from "./post-links";

describe("links in a channel post's text", () => {
  it("finds each http(s) link once, without the sentence's punctuation", () => {
    const text =
      "Read https://blog.acme.test/seo-tips. Also (https://acme.test/a?b=1) and https://blog.acme.test/seo-tips again, not ftp://x.test";
    expect(linksIn(text)).toEqual(["https://blog.acme.test/seo-tips", "https://acme.test/a?b=1"]);
  });

  it("swaps only the links it has a replacement for and keeps the punctuation", () => {
    const text = "New: https://blog.acme.test/seo-tips. Source: https://other.test/x";
    const out = replaceLinks(text, new Map([["https://blog.acme.test/seo-tips", "https://studio.test/l/abc123"]]));
    expect(out).toBe("New: https://studio.test/l/abc123. Source: https://other.test/x");
  });

  it("leaves text without links unchanged", () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/https?:\/\//i.test(s)),
        (text) => replaceLinks(text, new Map([["https://a.test", "https://b.test"]])) === text && linksIn(text).length === 0,
      ),
    );
  });
});
