import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ROLES } from "./content";
import { LIBRARY_INTENTS, LibraryItemSchema, actionDoneMessage, itemPermissions, unknownLibraryAction } from "./library-actions";
import { checkTransition } from "./lifecycle";
import { can, canEditContent } from "./permissions";

const itemArb = fc.record({ authorId: fc.constantFrom("u1", "u2"), status: fc.constantFrom("draft", "review", "published", "archived") });
const userArb = fc.record({ id: fc.constantFrom("u1", "u2"), role: fc.constantFrom(...ROLES) });

describe("itemPermissions", () => {
  it("agrees with the roles matrix and the lifecycle rules for every member and item", () => {
    fc.assert(
      fc.property(userArb, itemArb, (user, item) => {
        const allowed = itemPermissions(user, item);
        expect(allowed.edit).toBe(canEditContent(user, item));
        expect(allowed.duplicate).toBe(can(user.role, "content.create"));
        expect(allowed.delete).toBe(can(user.role, "content.delete"));
        expect(allowed.archive).toBe(checkTransition(user, item, "archive").ok);
        expect(allowed.restore).toBe(checkTransition(user, item, "restore").ok);
      }),
    );
  });
  it("never offers both archive and restore", () => {
    fc.assert(
      fc.property(userArb, itemArb, (user, item) => {
        const allowed = itemPermissions(user, item);
        expect(allowed.archive && allowed.restore).toBe(false);
      }),
    );
  });
  it("leaves an Analyst only reading", () => {
    expect(itemPermissions({ id: "u1", role: "Analyst" }, { authorId: "u1", status: "draft" })).toEqual({
      edit: false,
      duplicate: false,
      archive: false,
      restore: false,
      delete: false,
    });
  });
});

describe("LibraryItemSchema", () => {
  it("accepts the four intents with an id", () => {
    expect(LIBRARY_INTENTS).toEqual(["duplicate", "archive", "restore", "delete"]);
    expect(LibraryItemSchema.parse({ intent: "archive", id: " content-001 " })).toEqual({ id: "content-001" });
  });
  it("explains what is wrong", () => {
    expect(unknownLibraryAction()).toMatch(/Unknown action/);
    expect(LibraryItemSchema.safeParse({ intent: "delete" }).error?.issues[0].message).toBe("Say which content item.");
    expect(LibraryItemSchema.safeParse({ intent: "delete", id: "  " }).error?.issues[0].message).toBe("Say which content item.");
  });
});

describe("actionDoneMessage", () => {
  it("names the item", () => {
    expect(actionDoneMessage("archive", "Launch Week")).toBe("“Launch Week” archived.");
  });
});
