// The audit log's vocabulary and rules (issue 37, decision 043): who can act, what is recorded, the
// filters of Settings › Audit log and its export. Pure: no database, no Remix.
import { z } from "zod";

export const ACTOR_KINDS = ["member", "external", "agent", "api-token", "system"] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

export interface AuditActor {
  kind: ActorKind;
  id: string | null;
  name: string;
}

export const contentObject = (item: { id: string; title: string }) => ({ type: "content", id: item.id, title: item.title });
export const SYSTEM_ACTOR: AuditActor = { kind: "system", id: null, name: "System" };
export const memberActor = (user: { id: string; name: string }): AuditActor => ({ kind: "member", id: user.id, name: user.name });
/** A member, or someone without an account who reviewed through a link (under the name they typed). */
export const reviewerActor = (who: { id: string; name: string; external?: boolean }): AuditActor =>
  who.external ? { kind: "external", id: who.id, name: who.name } : memberActor(who);

/** Every action the log records, with the words the screen and the export show. */
export const AUDIT_ACTIONS = {
  "auth.signed-in": "Signed in",
  "auth.sign-in-failed": "Sign-in failed",
  "auth.signed-out": "Signed out",
  "auth.signed-out-others": "Signed out other sessions",
  "auth.password-changed": "Changed password",
  "team.invited": "Invited a member",
  "team.added": "Added a member who has an account",
  "team.invite-renewed": "Renewed an invitation",
  "team.joined": "Accepted an invitation",
  "team.role-changed": "Changed a role",
  "team.removed": "Removed a member",
  "settings.changed": "Changed settings",
  "settings.model-saved": "Saved the AI model",
  "settings.model-cleared": "Removed the AI model",
  "settings.local-model-allowed": "Allowed a local model server",
  "settings.local-model-refused": "Stopped allowing a local model server",
  "settings.app-credentials-saved": "Saved app credentials",
  "settings.agent-added": "Added an AI agent",
  "workflow.started": "Started the workflow",
  "workflow.paused": "Paused the workflow",
  "integration.connected": "Connected an integration",
  "integration.disconnected": "Disconnected an integration",
  "integration.webhook-changed": "Changed an integration's webhook",
  "connection.made": "Connected a network",
  "connection.refreshed": "Refreshed a network's access",
  "connection.lost": "Lost a network's access",
  "connection.data-deleted": "Deleted a network person's data",
  "site.added": "Added a tracked site",
  "site.removed": "Removed a tracked site",
  "api-token.created": "Made an API token",
  "api-token.revoked": "Revoked an API token",
  "metrics.imported": "Imported metrics",
  "content.created": "Created content",
  "content.deleted": "Deleted content",
  "content.archived": "Archived content",
  "content.restored": "Restored content from the archive",
  "content.submitted": "Submitted for review",
  "content.changes-requested": "Requested changes",
  "content.approved": "Approved",
  "content.published": "Published",
  "content.published-without-approval": "Published without approval",
  "content.voice-override": "Overrode the brand-voice threshold",
  "content.unpublished": "Unpublished",
  "content.scheduled": "Scheduled publishing",
  "content.unscheduled": "Cancelled scheduled publishing",
  "content.revision-restored": "Restored a revision",
  "approval.chain-added": "Added an approval chain",
  "approval.chain-removed": "Removed an approval chain",
  "approval.chain-changed": "Changed an approval chain",
  "review-link.created": "Sent a review link",
  "review-link.revoked": "Revoked a review link",
  "channel-post.published": "Published a channel post",
  "channel-post.failed": "Channel post delivery failed",
  "channel-post.marked-posted": "Marked a post as posted by hand",
  "analytics.exported": "Exported analytics",
  "audit.exported": "Exported the audit log",
  "workspace.created": "Created a workspace",
  "workspace.renamed": "Renamed a workspace",
  "workspace.deleted": "Deleted a workspace",
  "workspace.exported": "Exported a workspace",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const isAuditAction = (value: string): value is AuditAction => Object.hasOwn(AUDIT_ACTIONS, value);
export const actionLabel = (action: string) => (isAuditAction(action) ? AUDIT_ACTIONS[action] : action);

/** One change to record: settings and roles carry their before → after (never a secret). */
export interface AuditInput {
  actor: AuditActor;
  action: AuditAction;
  object: { type: string; id?: string | null; title?: string };
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Fields whose values never reach the log: only whether they are set. */
const SECRET_KEY = /secret|password|token|apikey|api_key|key$/i;
/** A webhook's address can carry its credential in the path: only its host is logged. */
const WEBHOOK_URL = /webhookurl$/i;
export function redactSecret(key: string, value: unknown): unknown {
  const unset = value === null || value === undefined || value === "";
  if (SECRET_KEY.test(key)) return unset ? "not set" : "set";
  if (WEBHOOK_URL.test(key) && typeof value === "string" && !unset) return URL.canParse(value) ? new URL(value).host : "set";
  return value;
}

/** The changed keys only, as before → after, with secrets shown as set / not set. Null when nothing changed. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  if (keys.length === 0) return null;
  const pick = (source: Record<string, unknown>) => Object.fromEntries(keys.map((k) => [k, redactSecret(k, source[k])]));
  return { before: pick(before), after: pick(after) };
}

export const AUDIT_PAGE_SIZE = 50;
export const RETENTION_MIN_DAYS = 30;
export const RETENTION_MAX_DAYS = 3650;
export const RETENTION_DEFAULT_DAYS = 365;

const day = z
  .string()
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, "Use a date like 2026-11-27.")
  .transform((v) => v || null);

/** The filters of the list and the export, from the query string. */
export const AuditFilterSchema = z
  .object({
    actor: z.string().trim().max(200).default(""),
    action: z
      .string()
      .trim()
      .refine((v) => v === "" || isAuditAction(v), "Choose an action from the list.")
      .default(""),
    object: z.string().trim().max(200).default(""),
    from: day.default(""),
    to: day.default(""),
    page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: "The start date is after the end date.", path: ["to"] });
export type AuditFilter = z.infer<typeof AuditFilterSchema>;

export function parseAuditFilter(params: URLSearchParams) {
  return AuditFilterSchema.safeParse(Object.fromEntries([...params].filter(([k]) => k !== "index")));
}

/** The query string of a filter (no page): the export link and the pager keep the same filters. */
export function filterQuery(filter: AuditFilter, page?: number): string {
  const params = new URLSearchParams();
  for (const key of ["actor", "action", "object", "from", "to"] as const) if (filter[key]) params.set(key, String(filter[key]));
  if (page && page > 1) params.set("page", String(page));
  return params.toString();
}

export const RetentionSchema = z.object({
  retentionDays: z.coerce
    .number({ invalid_type_error: `Enter a number of days from ${RETENTION_MIN_DAYS} to ${RETENTION_MAX_DAYS}.` })
    .int(`Enter a whole number of days from ${RETENTION_MIN_DAYS} to ${RETENTION_MAX_DAYS}.`)
    .min(RETENTION_MIN_DAYS, `Keep the log at least ${RETENTION_MIN_DAYS} days.`)
    .max(RETENTION_MAX_DAYS, `Keep the log at most ${RETENTION_MAX_DAYS} days.`),
});

/** The address the chain's head is posted to daily (decision 075): blank, or a full https URL. */
export const HeadWebhookSchema = z.object({
  auditHeadWebhookUrl: z
    .string()
    .trim()
    .max(2000, "Use at most 2,000 characters.")
    .refine((v) => v === "" || z.string().url().safeParse(v).success, "Enter a full URL, like https://hooks.example.com/audit-head.")
    .refine((v) => v === "" || /^https:\/\//i.test(v), "The webhook must be an https URL."),
});

export interface AuditRow {
  at: Date | string;
  actorKind: string;
  actorName: string;
  action: string;
  objectType: string;
  objectTitle: string;
  before: string | null;
  after: string | null;
}

/** before → after (or the details alone) as one line of text, for the screen and the export alike. */
export function changeText(row: Pick<AuditRow, "before" | "after">): string {
  if (!row.before && !row.after) return "";
  const before = row.before ? (JSON.parse(row.before) as Record<string, unknown>) : null;
  const after = row.after ? (JSON.parse(row.after) as Record<string, unknown>) : {};
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after)])];
  const show = (v: unknown) => (v === undefined ? "—" : typeof v === "string" ? v : JSON.stringify(v));
  return keys.map((k) => (before ? `${k}: ${show(before[k])} → ${show(after[k])}` : `${k}: ${show(after[k])}`)).join("; ");
}

export const AUDIT_CSV_HEADER = ["when (UTC)", "actor kind", "actor", "action", "object type", "object", "change"];

/** One export row per entry, the same cells the screen shows. */
export function auditCsvRow(row: AuditRow): string[] {
  const at = typeof row.at === "string" ? row.at : row.at.toISOString();
  return [at, row.actorKind, row.actorName, actionLabel(row.action), row.objectType, row.objectTitle, changeText(row)];
}
