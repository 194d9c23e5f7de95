import { describe, expect, it } from "vitest";
import { diffCounts, paragraphDiff, paragraphsOf, proposalDiff } from "./proposal-diff";

describe("proposalDiff", () => {
  it("marks removed and added words and keeps the rest", () => {
    const parts = proposalDiff("We did it in order to learn.", "We did it to learn.");
    expect(diffCounts(parts)).toEqual({ added: 0, removed: 2 });
    expect(
      parts
        .filter((p) => p.kind !== "removed")
        .map((p) => p.text)
        .join(""),
    ).toBe("We did it to learn.");
    expect(
      parts
        .filter((p) => p.kind !== "added")
        .map((p) => p.text)
        .join(""),
    ).toBe("We did it in order to learn.");
  });
  it("shortens long unchanged stretches and counts changed words", () => {
    const long = "word ".repeat(100);
    const parts = proposalDiff(`${long}old`, `${long}new`);
    expect(parts[0]).toMatchObject({ kind: "same" });
    expect(parts[0].text).toContain(" … ");
    expect(diffCounts(parts)).toEqual({ added: 1, removed: 1 });
  });
});

describe("paragraphDiff", () => {
  it("compares paragraph by paragraph: kept, changed (words inside), removed and new never interleave", () => {
    const before = "# Title\n\nWe did it in order to learn.\n\nThis paragraph goes.";
    const after = "# Title\n\nWe did it to learn.\n\nA new paragraph.\n\nAnd another.";
    const rows = paragraphDiff(before, after);
    expect(rows.map((r) => r.kind)).toEqual(["same", "changed", "removed", "added", "added"]);
    const changed = rows[1] as Extract<(typeof rows)[number], { kind: "changed" }>;
    expect(changed.words.filter((w) => w.kind === "removed").map((w) => w.text.trim())).toEqual(["in order"]);
  });
  it("a replacement of a long text by a short one shows whole paragraphs removed, not words mixed", () => {
    const rows = paragraphDiff("One.\n\nTwo.\n\nThree.", "New.");
    expect(rows.map((r) => r.kind)).toEqual(["changed", "removed", "removed"]);
  });
  it("a paragraph rewritten more than kept shows old and new whole, not words interleaved", () => {
    const rows = paragraphDiff("Our revolutionary tool is very good.", "A sharper text from the local model.");
    expect(rows).toEqual([
      { kind: "removed", text: "Our revolutionary tool is very good.", html: "<p>Our revolutionary tool is very good.</p>" },
      { kind: "added", text: "A sharper text from the local model.", html: "<p>A sharper text from the local model.</p>" },
    ]);
  });
  it("shows paragraphs as a reader sees them: no raw # or link syntax, and a changed heading stays a heading", () => {
    const rows = paragraphDiff(
      "## Why it matters\n\nSee [the guide](https://example.com) now.",
      "## Why it really matters\n\nSee [the guide](https://example.com) now.",
    );
    expect(rows[0]).toMatchObject({ kind: "changed", block: "h2" });
    const changed = rows[0] as Extract<(typeof rows)[number], { kind: "changed" }>;
    expect(changed.words.map((w) => w.text).join("")).not.toContain("#");
    expect(rows[1]).toMatchObject({ kind: "same", html: '<p>See <a href="https://example.com">the guide</a> now.</p>' });
  });
  it("never cuts a kept stretch inside a word", () => {
    const long = "The approach is innovative and we measured it carefully before anyone recommended it to a single customer. ".repeat(3);
    const [part] = proposalDiff(`${long}Old end.`, `${long}New end.`);
    const [head, tail] = part.text.split(" … ");
    for (const piece of [head.trim(), tail.trim()])
      for (const word of piece.split(/\s+/)) expect(long).toMatch(new RegExp(`(^|\\s)${word.replace(/[.]/g, "\\.")}(\\s|$)`));
  });
});

describe("paragraphsOf", () => {
  const code = "```\nconst a = 1;\n\nconst b = 2;\n```";
  it("keeps a fenced code block with a blank line inside whole, and renders it as one", () => {
    expect(paragraphsOf(`Intro.\n\n${code}`)).toEqual(["Intro.", code]);
    const rows = paragraphDiff(`Intro.\n\n${code}`, `Intro here.\n\n${code}`);
    expect(rows.at(-1)).toEqual({ kind: "same", text: code, html: "<pre><code>const a = 1;\n\nconst b = 2;\n</code></pre>" });
  });
  it("keeps a list item with a second paragraph as one", () => {
    expect(paragraphsOf("- One point\n\n  still the first.\n- Two.")).toEqual(["- One point\n\n  still the first.", "- Two."]);
  });
});
