import { describe, expect, it } from "vitest";
import { thumbnailSvg } from "./thumbnail";

describe("thumbnailSvg", () => {
  it("escapes the title so stored text cannot inject markup", () => {
    const svg = thumbnailSvg(`<script>alert("x")</script> & more`, "blog");
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&#60;script&#62;");
  });
  it("uses the type's colours and falls back for unknown types", () => {
    expect(thumbnailSvg("Hello", "social")).toContain("#ec4899");
    expect(thumbnailSvg("Hello", "other")).toContain("#6366f1");
  });
});
