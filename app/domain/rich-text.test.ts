import { describe, expect, it } from "vitest";
import { docToMarkdown, editorSchema, markdownToDoc } from "./rich-text";

// Each construct the editor offers, written the way the editor writes it back.
const CONSTRUCTS: Record<string, string> = {
  headings: "# One\n\n## Two\n\n### Three",
  emphasis: "Some **bold**, *italic*, ~~struck~~ and `code` words.",
  link: "Read [our guide](https://example.com/guide) first.",
  image: "![A chart of monthly visits](https://example.com/chart.png)",
  bullets: "- first\n- second\n- third",
  numbered: "1. first\n2. second\n3. third",
  nested: "- parent\n  - child\n- sibling",
  quote: "> Quoted words\n> over two lines",
  code: "```\nconst a = 1;\n```",
  rule: "Above\n\n---\n\nBelow",
  "hard break": "line one  \nline two",
};

describe("Markdown through the editor schema", () => {
  for (const [name, text] of Object.entries(CONSTRUCTS)) {
    it(`keeps ${name}`, () => {
      const doc = markdownToDoc(text);
      expect(() => editorSchema().nodeFromJSON(doc).check()).not.toThrow();
      expect(docToMarkdown(doc)).toBe(text);
    });
  }

  it("keeps a whole article with every construct, twice over", () => {
    const article = Object.values(CONSTRUCTS).join("\n\n");
    const once = docToMarkdown(markdownToDoc(article));
    expect(once).toBe(article);
    expect(docToMarkdown(markdownToDoc(once))).toBe(article);
  });

  it("reads the marks as marks, not text", () => {
    const doc = markdownToDoc("**bold** [link](https://example.com)");
    const [bold, , link] = doc.content![0].content!;
    expect(bold).toMatchObject({ text: "bold", marks: [{ type: "bold" }] });
    expect(link).toMatchObject({ text: "link", marks: [{ type: "link", attrs: { href: "https://example.com" } }] });
  });

  it("writes the no-break space a browser types beside a mark as a plain space", () => {
    const doc = {
      type: "doc",
      content: [
        {
          type: "paragraph",
          content: [
            { type: "text", text: "bold", marks: [{ type: "bold" }] },
            { type: "text", text: "\u00a0then" },
          ],
        },
      ],
    };
    expect(docToMarkdown(doc)).toBe("**bold** then");
  });

  it("gives an empty body one empty paragraph and writes it back empty", () => {
    expect(docToMarkdown(markdownToDoc(""))).toBe("");
  });
});
