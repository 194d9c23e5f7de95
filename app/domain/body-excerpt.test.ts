import { describe, expect, it } from "vitest";
import { bodyExcerpt } from "./body-excerpt";

describe("bodyExcerpt", () => {
  it("cuts around the match in plain text", () => {
    const body = `# Title\n\n${"word ".repeat(40)}our **brand voice** matters ${"more ".repeat(40)}`;
    const parts = bodyExcerpt(body, "brand voice", 20)!;
    expect(parts.find((p) => p.hit)?.text).toBe("brand voice");
    expect(parts[0].text.startsWith("…")).toBe(true);
    expect(parts.at(-1)!.text.endsWith("…")).toBe(true);
  });
  it("is null when the words are not in the body", () => {
    expect(bodyExcerpt("nothing here", "brand")).toBeNull();
  });
  it("drops Markdown marks, link targets and images, and keeps the writer's other characters", () => {
    expect(bodyExcerpt("## Hi\n\n> a [link](http://x.test) and ![img](y.png) for user_id, ~300 people", "link")).toEqual([
      { text: "a ", hit: false },
      { text: "link", hit: true },
      { text: " and for user_id, ~300 people", hit: false },
    ]);
  });
  it("finds words a mark splits or joins, and not a link's target", () => {
    expect(bodyExcerpt("snake_case and bra**nd**", "snake case")?.find((p) => p.hit)?.text).toBe("snake_case");
    expect(bodyExcerpt("snake_case and bra**nd**", "brand")?.find((p) => p.hit)?.text).toBe("brand");
    expect(bodyExcerpt("[a page](https://brand.test/voice)", "brand voice")).toBeNull();
  });
});

describe("bodyExcerpt blocks", () => {
  it("reads a fenced code block with a blank line inside as one block", () => {
    expect(bodyExcerpt("```\nbefore words\n\nthe brand voice\n```", "brand voice")).toEqual([
      { text: "before words the ", hit: false },
      { text: "brand voice", hit: true },
    ]);
  });
});
