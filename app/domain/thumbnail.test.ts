import { describe, expect, it } from "vitest";
import { thumbnailSvg } from "./thumbnail";

describe("thumbnailSvg", () => {
  it("escapes the title so stored text cannot inject markup", () => {
    const svg = thumbnailSvg(`<script>alert("x")</script> & more`, "blog");
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&lt;script&gt;");
  });
  it("stays valid XML when a title holds control characters or half an emoji", () => {
    const svg = thumbnailSvg("Launch \u0001day 😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀", "blog");
    expect(svg).not.toContain("\u0001");
    expect(svg).not.toMatch(/[\ud800-\udfff]/u); // with the u flag only unpaired halves match
  });
  it("uses the type's colours and falls back for unknown types", () => {
    expect(thumbnailSvg("Hello", "social")).toContain("#ec4899");
    expect(thumbnailSvg("Hello", "other")).toContain("#6366f1");
  });
});
