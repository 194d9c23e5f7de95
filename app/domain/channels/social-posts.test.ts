import { describe, expect, it } from "vitest";
import { measurePost } from "./network-limits";
import { postTextFromBody, socialPostChanges } from "./social-posts";

const LONG = Array.from({ length: 60 }, (_, i) => `word${i}`).join(" ");

describe("a social item's body as its channel posts", () => {
  it("cuts the body to each network's limit on a word boundary", () => {
    const x = postTextFromBody(LONG, "twitter");
    expect(measurePost("twitter", x, null).over).toBe(false);
    expect(LONG.startsWith(x.replace(/…$/, ""))).toBe(true);
    expect(postTextFromBody(LONG, "linkedin")).toBe(LONG);
  });

  it("creates a post for every connected network and none for the website", () => {
    const changes = socialPostChanges("", "Launch day.", ["website", "twitter", "linkedin"], []);
    expect(changes).toEqual([
      { channel: "twitter", kind: "create", text: "Launch day." },
      { channel: "linkedin", kind: "create", text: "Launch day." },
    ]);
  });

  it("updates a draft post nobody edited and leaves edited, scheduled or published posts alone", () => {
    const existing = [
      { channel: "twitter", status: "draft", text: "Old text." },
      { channel: "linkedin", status: "draft", text: "A person rewrote this." },
      { channel: "facebook", status: "scheduled", text: "Old text." },
      { channel: "instagram", status: "published", text: "Old text." },
    ];
    const changes = socialPostChanges("Old text.", "New text.", ["twitter", "linkedin", "facebook", "instagram"], existing);
    expect(changes).toEqual([{ channel: "twitter", kind: "update", text: "New text." }]);
  });

  it("does nothing for an empty body", () => {
    expect(socialPostChanges("Old.", "  ", ["twitter"], [])).toEqual([]);
  });
});
