import type { Role } from "./content";
import { ROLES } from "./content";

/**
 * Everything a member can be allowed to do. Reading is open to every signed-in
 * member; these are the actions that change something (plus export).
 */
export const PERMISSIONS = [
  "content.create",
  "content.editAny",
  "content.comment",
  "content.submit",
  "content.approve",
  "content.publish",
  "content.archive",
  "content.delete",
  "workflow.run",
  "workflow.edit",
  "settings.brandVoice",
  "settings.agents",
  "settings.publishing",
  "integrations.manage",
  "team.manage",
  "analytics.export",
  "audit.view",
  "workspace.export",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const EDITORS: readonly Role[] = ["Editor", "Admin"];
const AUTHORS: readonly Role[] = ["Writer", "Editor", "Admin"];
const ADMINS: readonly Role[] = ["Admin"];

/** The roles matrix: who may do what. */
export const MATRIX: Record<Permission, readonly Role[]> = {
  "content.create": AUTHORS,
  "content.editAny": EDITORS,
  "content.comment": AUTHORS,
  "content.submit": AUTHORS,
  "content.approve": EDITORS,
  "content.publish": EDITORS,
  "content.archive": EDITORS,
  "content.delete": EDITORS,
  "workflow.run": EDITORS,
  "workflow.edit": EDITORS,
  "settings.brandVoice": EDITORS,
  "settings.agents": EDITORS,
  "settings.publishing": ADMINS,
  "integrations.manage": ADMINS,
  "team.manage": ADMINS,
  "analytics.export": ["Analyst", "Editor", "Admin"],
  "audit.view": ADMINS,
  "workspace.export": ADMINS,
};

export const PERMISSION_LABELS: Record<Permission, string> = {
  "content.create": "create content",
  "content.editAny": "edit other members' content",
  "content.comment": "comment",
  "content.submit": "submit content for review",
  "content.approve": "approve content",
  "content.publish": "publish content",
  "content.archive": "archive content",
  "content.delete": "delete content",
  "workflow.run": "start or pause the agent workflow, queue briefs or retry runs",
  "workflow.edit": "change the agent pipeline",
  "settings.brandVoice": "change the brand voice",
  "settings.agents": "change the AI agent settings",
  "settings.publishing": "change the publishing settings",
  "integrations.manage": "connect or disconnect integrations",
  "team.manage": "manage the team",
  "analytics.export": "export analytics",
  "audit.view": "read or export the audit log, or change its retention",
  "workspace.export": "export the whole workspace",
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export function can(role: string, permission: Permission): boolean {
  return isRole(role) && MATRIX[permission].includes(role);
}

/** The whole row of the matrix for one role, for the UI to hide or disable controls. */
export function permissionsOf(role: string): Record<Permission, boolean> {
  return Object.fromEntries(PERMISSIONS.map((p) => [p, can(role, p)])) as Record<Permission, boolean>;
}

const withArticle = (role: string) => `${/^[AEIOU]/.test(role) ? "an" : "a"} ${role}`;

/** "As a Writer, you cannot publish content: only an Editor or Admin can." A whole sentence for every pair. */
export function forbiddenMessage(role: string, permission: Permission): string {
  const allowed = MATRIX[permission].map((r, i) => (i === 0 ? withArticle(r) : r));
  const who = allowed.length > 1 ? `${allowed.slice(0, -1).join(", ")} or ${allowed.at(-1)}` : allowed[0];
  const as = isRole(role) ? `As ${withArticle(role)}, you` : "You";
  return `${as} cannot ${PERMISSION_LABELS[permission]}: only ${who} can.`;
}

/** Editors and Admins edit anything; Writers edit their own drafts; Analysts edit nothing. */
export function canEditContent(user: { id: string; role: string }, item: { authorId: string; status: string }): boolean {
  if (can(user.role, "content.editAny")) return true;
  return user.role === "Writer" && item.authorId === user.id && item.status === "draft";
}

/** The one message for a Writer who tries to change someone else's item or a non-draft. */
export const WRITER_OWN_DRAFTS = "Writers can only edit their own drafts.";

/** Why this member may not edit the item, or null when they may. */
export function editRefusal(user: { id: string; role: string }, item: { authorId: string; status: string }): string | null {
  if (canEditContent(user, item)) return null;
  return user.role === "Writer" ? WRITER_OWN_DRAFTS : forbiddenMessage(user.role, "content.editAny");
}
