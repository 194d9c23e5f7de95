import { describe, expect, it } from "vitest";
import { CONTENT_STATUSES, ROLES } from "./content";
import { TRANSITIONS, TRANSITION_NAMES, availableTransitions, belowThresholdMessage, checkTransition, publishHint } from "./lifecycle";
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

describe("why Publish is disabled (issue 56)", () => {
  const inReview = { status: "review", canApprove: false, score: 90, threshold: 85, chain: null };
  const chain = { label: "Step 2 of 2: waiting for Lee Legal", canDecide: false, changesRequested: false };

  it("names the approval chain it waits for, not the member's role, while a chain runs", () => {
    expect(publishHint({ ...inReview, chain })).toBe("Waiting for the approval chain: Step 2 of 2: waiting for Lee Legal");
    expect(publishHint({ ...inReview, chain: { ...chain, canDecide: true } })).toBe(
      "Decide at your step in the approval panel (Step 2 of 2: waiting for Lee Legal)",
    );
    expect(publishHint({ ...inReview, chain: { ...chain, changesRequested: true } })).toMatch(/^Changes were requested/);
  });

  it("names the role only where the role is the reason", () => {
    expect(publishHint(inReview)).toBe("Only Editors and Admins approve and publish");
    expect(publishHint({ ...inReview, canApprove: true })).toBe("");
  });
});

describe("the threshold message", () => {
  it("says what the override does: a schedule is scheduled anyway, not approved", () => {
    expect(belowThresholdMessage({ score: 60, threshold: 85 }, "schedule")).toMatch(/can schedule it anyway/);
    expect(belowThresholdMessage({ score: 60, threshold: 85 }, "schedule")).not.toMatch(/approve/);
  });

  it("says a calendar move moves the post, and approves nothing", () => {
    expect(belowThresholdMessage({ score: 60, threshold: 85 }, "move")).toBe(
      "The brand-voice score is 60, below the Content Generation Threshold of 85. An Editor or Admin can move it anyway with an explicit override.",
    );
  });
});
