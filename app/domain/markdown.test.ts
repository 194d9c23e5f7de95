import { describe, expect, it } from "vitest";
import { articleText, markdownToHtml } from "./markdown";
import { textStats } from "./text-stats";

describe("markdownToHtml", () => {
  it("renders CommonMark and GFM: headings, emphasis, links, lists, quotes, tables, task lists, strike", () => {
    const html = markdownToHtml(
      [
        "## Why it matters",
        "Read **our guide** and *this* [guide](https://example.com/g).",
        "1. one\n2. two",
        "> quoted",
        "| a | b |\n|---|---|\n| 1 | 2 |",
        "- [x] done",
        "~~old~~",
        "![A chart](https://example.com/c.png)",
      ].join("\n\n"),
    );
    expect(html).toContain("<h2>Why it matters</h2>");
    expect(html).toContain("<strong>our guide</strong>");
    expect(html).toContain("<em>this</em>");
    expect(html).toContain('<a href="https://example.com/g">guide</a>');
    expect(html).toContain("<ol>");
    expect(html).toContain("<blockquote>");
    expect(html).toContain("<table>");
    expect(html).toContain('type="checkbox"');
    expect(html).toContain("<del>old</del>");
    expect(html).toContain('<img src="https://example.com/c.png" alt="A chart">');
  });

  it("strips scripts, event handlers, styles and iframes written as HTML", () => {
    const html = markdownToHtml(
      '<script>alert(1)</script>\n\n<img src="x.png" onerror="alert(1)">\n\n<p style="color:red" onclick="x()">hi</p>\n\n<iframe src="https://evil.test"></iframe>',
    );
    expect(html).not.toMatch(/<script|onerror|onclick|style=|<iframe/i);
  });

  it("drops javascript:, data: and vbscript: URLs from links and images", () => {
    for (const url of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,<b>x</b>", "vbscript:msgbox(1)"]) {
      const html = markdownToHtml(`[click](${url}) ![pic](${url})`);
      expect(html).toContain(">click</a>");
      expect(html).not.toMatch(/href="(?!#)|src=/i);
    }
  });

  it("removes SVG and MathML tricks and keeps ids from clobbering the page", () => {
    const html = markdownToHtml(
      '<svg><script>alert(1)</script><a xlink:href="javascript:alert(1)">x</a></svg>\n\n<math><mtext><img src=x onerror=alert(1)></mtext></math>\n\n<a id="main" name="main">x</a>',
    );
    expect(html).not.toMatch(/<svg|<math|<script|onerror|javascript:/i);
    expect(html).not.toContain('id="main"');
  });
});

describe("articleText", () => {
  it("keeps the words and drops the marks, one block per paragraph or heading", () => {
    const text = articleText("## Our plan\n\nRead [our guide](https://example.com/guide) **today**.\n\n- one\n- two");
    expect(text).toBe("Our plan\n\nRead our guide today.\n\none\n\ntwo");
  });

  it("counts the words a reader sees, not URLs or marks", () => {
    const markdown = "Read [our guide](https://example.com/a/very/long/path) now.";
    expect(textStats(articleText(markdown)).words).toBe(4);
    expect(textStats(markdown).words).toBeGreaterThan(4);
  });
});
