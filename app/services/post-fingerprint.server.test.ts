import { describe, expect, it } from "vitest";
import { mediaHash, storedFingerprint } from "./post-fingerprint.server";

const parts = {
  text: "Out now",
  media: [mediaHash(Buffer.from("png bytes"))],
  link: "https://brightpath.example/a?utm_source=x",
  account: { integration: "twitter", handle: "@brightpath" },
  scheduledAt: null,
};

describe("a stored fingerprint", () => {
  it("is the same for the same parts in any key order, and another for one changed byte of media", () => {
    const reordered = {
      scheduledAt: null,
      account: { handle: "@brightpath", integration: "twitter" },
      link: parts.link,
      media: parts.media,
      text: "Out now",
    };
    expect(storedFingerprint(reordered)).toEqual(storedFingerprint(parts));
    expect(storedFingerprint(parts).hash).toMatch(/^[0-9a-f]{64}$/);
    const other = { ...parts, media: [mediaHash(Buffer.from("png bytez"))] };
    expect(storedFingerprint(other).hash).not.toBe(storedFingerprint(parts).hash);
    expect(JSON.parse(storedFingerprint(parts).parts)).toEqual(parts);
  });
});
