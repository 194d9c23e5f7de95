import { describe, expect, it } from "vitest";
import { articleBlocks } from "./article-blocks";

describe("articleBlocks", () => {
  it("reads headings, lists and paragraphs", () => {
    expect(articleBlocks("# Title\n\nIntro line one\nline two.\n\n## Section\n\n- one\n- two")).toEqual([
      { kind: "h1", text: "Title" },
      { kind: "p", text: "Intro line one line two." },
      { kind: "h2", text: "Section" },
      { kind: "ul", items: ["one", "two"] },
    ]);
  });
  it("makes the first line the title of a text without headings, and keeps markup as text", () => {
    expect(articleBlocks("My title\n\n<script>alert(1)</script>")).toEqual([
      { kind: "h1", text: "My title" },
      { kind: "p", text: "<script>alert(1)</script>" },
    ]);
    expect(articleBlocks("   ")).toEqual([]);
  });
});
