import { describe, expect, it } from "vitest";
import { parseLibraryQuery } from "./library-query";

const parse = (qs: string) => parseLibraryQuery(new URLSearchParams(qs));

describe("parseLibraryQuery", () => {
  it("defaults to all statuses in grid view", () => {
    expect(parse("").data).toEqual({ q: "", status: "all", view: "grid" });
    expect(parse("status=&view=").data).toEqual({ q: "", status: "all", view: "grid" });
  });
  it("accepts the spec's filters", () => {
    expect(parse("q=SEO&status=review&view=list").data).toEqual({ q: "SEO", status: "review", view: "list" });
  });
  it("rejects unknown values with a readable message", () => {
    const result = parse("status=deleted");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe("Unknown status filter.");
  });
});
