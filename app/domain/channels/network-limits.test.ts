import fc from "fast-check";
import twitter from "twitter-text";
import { describe, expect, it } from "vitest";
import { composePost, countHashtags, measurePost } from "./network-limits";

describe("X's weighted 280", () => {
  it("counts like twitter-text, the reference implementation", () => {
    const pieces = [
      "a",
      "é",
      " ",
      "\n",
      "日本",
      "한",
      "😀",
      "👩‍👩‍👧",
      "🇩🇪",
      "—",
      "“",
      "‘",
      "…",
      " https://example.com/a/very/long/path?x=1 ",
      "#tag",
      "ü",
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 120 }), (parts) => {
        const text = parts.join("");
        expect(measurePost("twitter", text, null).used).toBe(twitter.parseTweet(text).weightedLength);
      }),
      { numRuns: 300 },
    );
  });

  it("refuses 281 and accepts 280, a CJK character counting 2 and a link 23", () => {
    expect(measurePost("twitter", "a".repeat(280), null).over).toBe(false);
    expect(measurePost("twitter", "a".repeat(281), null).over).toBe(true);
    expect(measurePost("twitter", "日".repeat(140), null).used).toBe(280);
    expect(measurePost("twitter", "日".repeat(141), null).over).toBe(true);
    const withLink = measurePost("twitter", "a".repeat(255), "https://example.com/" + "x".repeat(200));
    expect(withLink.used).toBe(255 + 2 + 23);
    expect(withLink.over).toBe(false);
  });
});

describe("the other networks", () => {
  it("counts LinkedIn to 3,000, Facebook to 63,206 and Instagram to 2,200 with the link", () => {
    expect(measurePost("linkedin", "a".repeat(3000), null).over).toBe(false);
    expect(measurePost("linkedin", "a".repeat(3001), null).over).toBe(true);
    expect(measurePost("facebook", "a".repeat(63206), null).over).toBe(false);
    expect(measurePost("facebook", "a".repeat(63207), null).over).toBe(true);
    expect(measurePost("instagram", "a".repeat(2200), null).over).toBe(false);
    expect(measurePost("instagram", "a".repeat(2190), "https://x.test/abc").over).toBe(true);
  });

  it("caps Instagram at 30 hashtags", () => {
    const tags = (n: number) => Array.from({ length: n }, (_, i) => `#tag${i}`).join(" ");
    expect(countHashtags(tags(30))).toBe(30);
    expect(measurePost("instagram", tags(30), null).over).toBe(false);
    const over = measurePost("instagram", tags(31), null);
    expect(over.over).toBe(true);
    expect(over.problems.join()).toMatch(/30 hashtags/);
  });

  it("counts Mastodon to 500 with every link as 23, and Bluesky to 300 graphemes", () => {
    const long = `https://example.com/${"a".repeat(200)}`;
    expect(measurePost("mastodon", "a".repeat(475), long).used).toBe(475 + 2 + 23);
    expect(measurePost("mastodon", "a".repeat(475), long).over).toBe(false);
    expect(measurePost("mastodon", "a".repeat(476), long).over).toBe(true);
    // A family emoji is one grapheme of seven code points.
    expect(measurePost("bluesky", "👨‍👩‍👧‍👦".repeat(300), null)).toMatchObject({ used: 300, over: false });
    expect(measurePost("bluesky", "a".repeat(301), null).problems).toEqual(["Bluesky allows 300 characters; this post has 301."]);
  });

  it("counts Threads to 500 with the link", () => {
    const link = "https://studio.test/l/abc";
    const fits = "a".repeat(500 - link.length - 2);
    expect(measurePost("threads", fits, link)).toMatchObject({ used: 500, limit: 500, over: false });
    expect(measurePost("threads", `${fits}a`, link).problems).toEqual(["Threads allows 500 characters; this post has 501."]);
  });

  it("does not count anchors, numbers or mid-word signs as hashtags", () => {
    expect(countHashtags("issue #42, a#b, #2026 and #real #ok_1")).toBe(2);
  });
});

it("appends the link once", () => {
  expect(composePost("Read it", "https://x.test/a")).toBe("Read it\n\nhttps://x.test/a");
  expect(composePost("Read https://x.test/a now", "https://x.test/a")).toBe("Read https://x.test/a now");
});
