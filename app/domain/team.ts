import { ROLES, type Role } from "./content";

export type TeamChange = { kind: "remove" } | { kind: "role"; role: Role };

/** Why a change to a member is refused, or null. The team must keep at least one active Admin. */
export function teamChangeError(target: { role: string; status: string }, change: TeamChange, activeAdmins: number): string | null {
  const losesAdmin = target.role === "Admin" && target.status === "active" && (change.kind === "remove" || change.role !== "Admin");
  if (losesAdmin && activeAdmins <= 1) {
    return change.kind === "remove"
      ? "The last Admin cannot be removed. Make another member an Admin first."
      : "The last Admin cannot be demoted. Make another member an Admin first.";
  }
  return null;
}

export function parseRole(value: unknown): Role | null {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value) ? (value as Role) : null;
}
