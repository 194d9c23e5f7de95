import { describe, expect, it } from "vitest";
import { canonicalJson, changedParts, losesApproval, stepLost, type FingerprintParts } from "./post-fingerprint";
import { compareReadBack } from "./read-back";

const approved: FingerprintParts = {
  text: "Our spring guide is out https://brightpath.example/spring",
  media: ["a".repeat(64)],
  link: "https://brightpath.example/spring?utm_source=twitter&utm_medium=social",
  account: { integration: "twitter", handle: "@brightpath" },
  scheduledAt: "2026-12-03T09:00:00.000Z",
};

describe("a post's fingerprint", () => {
  it("is canonical: key order does not change it", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, 2], c: null } })).toBe('{"a":{"c":null,"d":[1,2]},"b":1}');
  });

  it.each([
    ["text", { text: "Our summer guide is out https://brightpath.example/spring" }],
    ["media", { media: ["b".repeat(64)] }],
    ["link", { link: "https://brightpath.example/spring?utm_source=x&utm_medium=social" }],
    ["account", { account: { integration: "twitter", handle: "@other" } }],
  ] as const)("a change of %s costs the approval, whatever the time setting", (part, change) => {
    const now = { ...approved, ...change };
    expect(changedParts(approved, now)).toEqual([part]);
    expect(losesApproval(changedParts(approved, now), false)).toBe(true);
    expect(stepLost([{ step: 0, parts: approved }], now, false)).toBe(0);
  });

  it("a change of time alone costs it only with the chain's setting on", () => {
    const now = { ...approved, scheduledAt: "2026-12-03T10:00:00.000Z" };
    expect(changedParts(approved, now)).toEqual(["time"]);
    expect(stepLost([{ step: 0, parts: approved }], now, false)).toBeNull();
    expect(stepLost([{ step: 0, parts: approved }], now, true)).toBe(0);
  });

  it("an unchanged post keeps every approval; a change goes back to the first step that saw otherwise", () => {
    expect(
      stepLost(
        [
          { step: 0, parts: approved },
          { step: 1, parts: approved },
        ],
        approved,
        true,
      ),
    ).toBeNull();
    const moved = { ...approved, scheduledAt: "2026-12-04T09:00:00.000Z" };
    // Step 1 approved the old time, step 2 the new: with the setting on, step 1's approval is the one lost.
    expect(
      stepLost(
        [
          { step: 1, parts: moved },
          { step: 0, parts: approved },
        ],
        moved,
        true,
      ),
    ).toBe(0);
    expect(
      stepLost(
        [
          { step: 0, parts: moved },
          { step: 1, parts: approved },
        ],
        moved,
        true,
      ),
    ).toBe(1);
  });
});

describe("reading a post back", () => {
  const sent = { text: "Tips & tricks: https://brightpath.example/l/abc", mediaCount: 1 };

  it("X: entities decoded, the t.co link is a named difference, the media link dropped", () => {
    const got = {
      text: "Tips &amp; tricks: https://t.co/xyz https://t.co/m1",
      mediaCount: 1,
      expansions: [
        { short: "https://t.co/xyz", long: "https://brightpath.example/l/abc" },
        { short: "https://t.co/m1", long: "https://x.com/brightpath/status/1/photo/1" },
      ],
    };
    const result = compareReadBack("twitter", sent, got);
    expect(result.asApproved).toBe(false);
    expect(result.label).toBe("Published, differs: the network shortened the link https://brightpath.example/l/abc to https://t.co/xyz");
  });

  it("Mastodon's HTML and trimming are no difference", () => {
    const got = {
      text: '<p>Tips &amp; tricks: <a href="https://brightpath.example/l/abc">https://brightpath.example/l/abc</a></p> ',
      mediaCount: 1,
    };
    expect(compareReadBack("mastodon", sent, got)).toEqual({ asApproved: true, label: "Published as approved", differences: [] });
  });

  it("a changed word or a missing image is a difference", () => {
    const word = compareReadBack("bluesky", sent, { text: "Tips & tricks!: https://brightpath.example/l/abc", mediaCount: 1 });
    expect(word.asApproved).toBe(false);
    expect(word.differences[0]).toMatch(/^the text reads/);
    expect(compareReadBack("linkedin", sent, { text: sent.text, mediaCount: 0 }).differences).toEqual(["0 media files (approved: 1)"]);
  });
});
