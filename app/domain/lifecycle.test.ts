import { describe, expect, it } from "vitest";
import { CONTENT_STATUSES, ROLES } from "./content";
import { TRANSITIONS, TRANSITION_NAMES, availableTransitions, checkTransition } from "./lifecycle";
import { can } from "./permissions";

const me = (role: string) => ({ id: "me", role });

describe("lifecycle table: every status × move × role", () => {
  for (const role of ROLES) {
    for (const status of CONTENT_STATUSES) {
      for (const name of TRANSITION_NAMES) {
        for (const own of [true, false]) {
          const t = TRANSITIONS[name];
          const roleAllows = can(role, t.permission) && !(name === "submit" && role === "Writer" && !own);
          const statusAllows = (t.from as readonly string[]).includes(status);
          it(`${role} ${name} on ${own ? "own" : "another's"} ${status}`, () => {
            const result = checkTransition(me(role), { authorId: own ? "me" : "other", status }, name);
            if (!roleAllows) expect(result).toMatchObject({ ok: false, kind: "forbidden" });
            else if (!statusAllows) expect(result).toMatchObject({ ok: false, kind: "conflict" });
            else expect(result).toEqual({ ok: true, to: t.to });
          });
        }
      }
    }
  }
});

describe("the lifecycle itself", () => {
  it("follows draft → review → published → archived → draft", () => {
    const admin = me("Admin");
    let status: string = "draft";
    for (const name of ["submit", "approve", "archive", "restore"] as const) {
      const result = checkTransition(admin, { authorId: "me", status }, name);
      if (!result.ok) throw new Error(result.error);
      status = result.to;
    }
    expect(status).toBe("draft");
  });
  it("gives Writers only submit on their own drafts, and Analysts nothing", () => {
    expect(availableTransitions(me("Writer"), { authorId: "me", status: "draft" })).toEqual(["submit"]);
    expect(availableTransitions(me("Writer"), { authorId: "other", status: "draft" })).toEqual([]);
    for (const status of CONTENT_STATUSES) expect(availableTransitions(me("Analyst"), { authorId: "me", status })).toEqual([]);
  });
  it("explains an illegal move", () => {
    expect(checkTransition(me("Editor"), { authorId: "x", status: "archived" }, "approve")).toEqual({
      ok: false,
      kind: "conflict",
      error: "This item is archived, so it cannot be published (only from review).",
    });
  });
});
