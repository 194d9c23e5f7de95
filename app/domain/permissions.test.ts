import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ROLES } from "./content";
import { MATRIX, PERMISSIONS, PERMISSION_LABELS, can, canEditContent, forbiddenMessage, isRole, permissionsOf } from "./permissions";

const STATUSES = ["draft", "review", "published", "archived"] as const;
const roleArb = fc.constantFrom(...ROLES);
const userIdArb = fc.constantFrom("u1", "u2", "u3");
const itemArb = fc.record({ authorId: userIdArb, status: fc.constantFrom(...STATUSES) });

/** The permissions a role holds, as a set. */
const granted = (role: string) => new Set(PERMISSIONS.filter((p) => can(role, p)));
const isSubset = (a: Set<string>, b: Set<string>) => [...a].every((x) => b.has(x));

describe("the roles matrix", () => {
  it("names only real roles, and every permission is held by someone", () => {
    for (const permission of PERMISSIONS) {
      expect(MATRIX[permission].every(isRole)).toBe(true);
      expect(MATRIX[permission].length).toBeGreaterThan(0);
    }
  });

  it("Admins hold every permission", () => {
    expect(granted("Admin").size).toBe(PERMISSIONS.length);
  });

  it("Editors hold everything Writers and Analysts hold", () => {
    expect(isSubset(granted("Writer"), granted("Editor"))).toBe(true);
    expect(isSubset(granted("Analyst"), granted("Editor"))).toBe(true);
  });

  it("Analysts change no content", () => {
    expect([...granted("Analyst")].some((p) => p.startsWith("content."))).toBe(false);
  });

  it("permissionsOf gives the same answer as can for any string", () => {
    fc.assert(
      fc.property(fc.oneof(roleArb, fc.string()), (role) => {
        const row = permissionsOf(role);
        for (const p of PERMISSIONS) expect(row[p]).toBe(can(role, p));
      }),
    );
  });

  it("a role that is not one of ROLES can do nothing", () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !isRole(s)),
        fc.constantFrom(...PERMISSIONS),
        (role, permission) => {
          expect(can(role, permission)).toBe(false);
        },
      ),
    );
  });
});

describe("canEditContent", () => {
  it("Editors and Admins edit anything; Analysts nothing", () => {
    fc.assert(
      fc.property(userIdArb, itemArb, (id, item) => {
        expect(canEditContent({ id, role: "Editor" }, item)).toBe(true);
        expect(canEditContent({ id, role: "Admin" }, item)).toBe(true);
        expect(canEditContent({ id, role: "Analyst" }, item)).toBe(false);
      }),
    );
  });

  it("Writers edit exactly their own drafts", () => {
    fc.assert(
      fc.property(userIdArb, itemArb, (id, item) => {
        expect(canEditContent({ id, role: "Writer" }, item)).toBe(item.authorId === id && item.status === "draft");
      }),
    );
  });

  it("agrees with content.editAny: whoever may edit others' work may edit any item", () => {
    fc.assert(
      fc.property(roleArb, userIdArb, itemArb, (role, id, item) => {
        if (can(role, "content.editAny")) expect(canEditContent({ id, role }, item)).toBe(true);
      }),
    );
  });
});

describe("forbiddenMessage", () => {
  it("is a whole sentence naming the role, what it may not do and who may, for every role and permission", () => {
    for (const role of ROLES)
      for (const p of PERMISSIONS) {
        if (can(role, p)) continue;
        const message = forbiddenMessage(role, p);
        expect(message).toMatch(
          new RegExp(`^As an? ${role}, you cannot .+: only an? [A-Z][a-z]+(, [A-Z][a-z]+)*( or [A-Z][a-z]+)? can\\.$`),
        );
        expect(message).toContain(` cannot ${PERMISSION_LABELS[p]}: `);
      }
    expect(forbiddenMessage("Writer", "content.publish")).toBe("As a Writer, you cannot publish content: only an Editor or Admin can.");
    expect(forbiddenMessage("Analyst", "content.create")).toBe(
      "As an Analyst, you cannot create content: only a Writer, Editor or Admin can.",
    );
    expect(forbiddenMessage("Editor", "team.manage")).toBe("As an Editor, you cannot manage the team: only an Admin can.");
  });
});
