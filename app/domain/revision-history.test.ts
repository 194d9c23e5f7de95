import { describe, expect, it } from "vitest";
import { authorsSince, namesList, numberVersions, versionLine } from "./revision-history";

const entry = (id: string, label: string, author: string) => ({ id, label, author });

describe("History", () => {
  it("numbers every version, oldest first, even when agent steps share the item's version counter", () => {
    const newestFirst = ["step 6", "step 5", "step 4", "step 3", "step 2", "step 1"].map((id) => ({ id, version: 2 }));
    expect(numberVersions(newestFirst, 8).map((v) => v.number)).toEqual([8, 7, 6, 5, 4, 3]);
  });

  it("names the authors of a version once", () => {
    expect(versionLine(entry("a", "Edited together: Marcus Rivera, Sarah Chen", "Marcus Rivera"))).toBe(
      "Edited together by Marcus Rivera and Sarah Chen",
    );
    expect(versionLine(entry("b", "Edited", "Sarah Chen"))).toBe("Edited by Sarah Chen");
    expect(versionLine(entry("c", "Restored version 3", "Priya Patel"))).toBe("Restored version 3 by Priya Patel");
  });

  it("says whose words a restore changes: everyone who wrote since, and who is typing now, once each", () => {
    const newestFirst = [
      entry("v4", "Edited together: Marcus Rivera, Sarah Chen", "Marcus Rivera"),
      entry("v3", "Style Optimizer · 2 s", "Style Optimizer (agent) · requested by Marcus Rivera"),
      entry("v2", "Edited", "Marcus Rivera"),
      entry("v1", "Created", "Sarah Chen"),
    ];
    expect(authorsSince(newestFirst, "v2", ["Priya Patel"])).toEqual([
      "Priya Patel",
      "Marcus Rivera",
      "Sarah Chen",
      "Style Optimizer (agent) · requested by Marcus Rivera",
    ]);
    expect(authorsSince(newestFirst, "v4")).toEqual([]);
    expect(namesList(["A", "B", "C"])).toBe("A, B and C");
  });
});
