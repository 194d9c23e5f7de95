import { describe, expect, it } from "vitest";
import { ROLES } from "./content";
import { parseRole, teamChangeError, type TeamChange } from "./team";

const admin = { role: "Admin", status: "active" };
const REMOVE: TeamChange = { kind: "remove" };
const demotions: TeamChange[] = ROLES.filter((r) => r !== "Admin").map((role) => ({ kind: "role", role }));

describe("teamChangeError", () => {
  it("refuses to remove the last active Admin", () => {
    expect(teamChangeError(admin, REMOVE, 1)).toMatch(/last Admin cannot be removed/);
  });

  it.each(demotions)("refuses to demote the last active Admin to $role", (change) => {
    expect(teamChangeError(admin, change, 1)).toMatch(/last Admin cannot be demoted/);
  });

  it("treats a count of zero like the last Admin (never goes below one)", () => {
    expect(teamChangeError(admin, REMOVE, 0)).not.toBeNull();
  });

  it("lets an Admin go when another active Admin remains", () => {
    expect(teamChangeError(admin, REMOVE, 2)).toBeNull();
    for (const change of demotions) expect(teamChangeError(admin, change, 2)).toBeNull();
  });

  it("allows keeping the last Admin an Admin", () => {
    expect(teamChangeError(admin, { kind: "role", role: "Admin" }, 1)).toBeNull();
  });

  it("does not protect an Admin who is only invited", () => {
    expect(teamChangeError({ role: "Admin", status: "invited" }, REMOVE, 1)).toBeNull();
    expect(teamChangeError({ role: "Admin", status: "invited" }, { kind: "role", role: "Writer" }, 1)).toBeNull();
  });

  it.each(ROLES.filter((r) => r !== "Admin"))("never blocks changes to a %s", (role) => {
    const member = { role, status: "active" };
    expect(teamChangeError(member, REMOVE, 1)).toBeNull();
    for (const target of ROLES) expect(teamChangeError(member, { kind: "role", role: target }, 1)).toBeNull();
  });
});

describe("parseRole", () => {
  it.each(ROLES)("accepts %s", (role) => {
    expect(parseRole(role)).toBe(role);
  });
  it.each(["", "admin", "Owner", " Admin", null, undefined, 3, ["Admin"]])("rejects %j", (value) => {
    expect(parseRole(value)).toBeNull();
  });
});
