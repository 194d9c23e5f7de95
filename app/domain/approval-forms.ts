// The approval-chain form (Settings › Approvals) and the review forms, parsed here so the routes stay thin.
import { z } from "zod";
import { EXTERNAL_ROLE, type Chain, type ChainScope, type ChainStep } from "./approval-chain";
import { ALL_CHANNELS } from "./channels/network-limits";
import { CONTENT_TYPES, ROLES } from "./content";

/** Step slots the plain form offers (no script adds more). */
export const STEP_SLOTS = 3;
export const CHAIN_NAME_MAX = 80;
export const NOTE_MAX = 2000;
export const REVIEWER_NAME_MAX = 80;

export const APPROVER_ROLES = [...ROLES.filter((r) => r !== "Analyst"), EXTERNAL_ROLE] as const;

export const SCOPE_OPTIONS = ["all", ...CONTENT_TYPES.map((t) => `type:${t}`), ...ALL_CHANNELS.map((c) => `channel:${c}`)] as const;

export function scopeFromValue(value: string): ChainScope {
  if (value.startsWith("type:")) return { kind: "type", type: value.slice(5) };
  if (value.startsWith("channel:")) return { kind: "channel", channel: value.slice(8) };
  return { kind: "all" };
}

export const scopeValue = (scope: ChainScope) =>
  scope.kind === "type" ? `type:${scope.type}` : scope.kind === "channel" ? `channel:${scope.channel}` : "all";

/** What the chain form shows for a chain: the same shape a refused post sends back. */
export function chainFormValues(chain: Chain) {
  const picked = chain.steps.flatMap((step, i) => [
    ...(step.mode === "all" ? [`step${i + 1}Mode=all`] : []),
    ...step.roles.map((r) => `step${i + 1}=role:${r}`),
    ...step.members.map((m) => `step${i + 1}=member:${m.id}`),
  ]);
  return {
    name: chain.name,
    scope: scopeValue(chain.scope),
    reminderHours: String(chain.reminderHours ?? 24),
    onApproval: chain.publishWhenApproved ? "publish" : "wait",
    picked: chain.steps.length ? picked : ["noApproval=on"],
  };
}

export type ChainFormErrors = Partial<Record<"name" | "scope" | "steps" | "reminderHours" | "onApproval", string>>;
export type ChainFormResult =
  | { ok: true; name: string; scope: ChainScope; steps: ChainStep[]; reminderHours: number; publishWhenApproved: boolean }
  | { ok: false; errors: ChainFormErrors };

/** What the last approval does: publish the item then, or leave it approved for its schedule or an Editor. */
export const ON_APPROVAL = ["wait", "publish"] as const;

const reminderMessage = "Remind after a whole number of hours from 0 (never) to 720.";

const Base = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Name the chain, e.g. “Legal sign-off”.")
    .max(CHAIN_NAME_MAX, `Keep the name to ${CHAIN_NAME_MAX} characters.`),
  scope: z.enum(SCOPE_OPTIONS, { errorMap: () => ({ message: "Choose what the chain applies to." }) }),
  reminderHours: z.coerce
    .number({ invalid_type_error: reminderMessage })
    .int(reminderMessage)
    .min(0, reminderMessage)
    .max(720, reminderMessage),
  onApproval: z.enum(ON_APPROVAL, { errorMap: () => ({ message: "Choose what happens when the last step approves." }) }),
});

/**
 * A chain from the form: each filled step slot (one or more approvers ticked) becomes a step, in
 * order; "No approval needed" makes a chain without steps. `members` are the team's active members.
 */
export function parseChainForm(form: FormData, members: readonly { id: string; name: string }[]): ChainFormResult {
  const base = Base.safeParse({
    name: form.get("name") ?? "",
    scope: form.get("scope") ?? "",
    reminderHours: form.get("reminderHours") || 24,
    onApproval: form.get("onApproval") ?? "wait",
  });
  const errors: ChainFormErrors = {};
  if (!base.success) for (const issue of base.error.issues) errors[issue.path[0] as keyof ChainFormErrors] = issue.message;
  const steps: ChainStep[] = [];
  for (let slot = 1; slot <= STEP_SLOTS; slot++) {
    const picked = form.getAll(`step${slot}`).map(String);
    const step: ChainStep = {
      mode: form.get(`step${slot}Mode`) === "all" ? "all" : "any",
      members: members.filter((m) => picked.includes(`member:${m.id}`)).map((m) => ({ id: m.id, name: m.name })),
      roles: APPROVER_ROLES.filter((r) => picked.includes(`role:${r}`)),
    };
    const unknown = picked.filter((p) => !p.startsWith("member:") && !p.startsWith("role:"));
    if (unknown.length || picked.length !== step.members.length + step.roles.length)
      errors.steps = `Step ${slot} names someone who is not on the team. Reload and choose again.`;
    if (step.members.length + step.roles.length > 0) steps.push(step);
  }
  const none = form.get("noApproval") === "on";
  if (none && steps.length) errors.steps = "Choose either “No approval needed” or approvers for the steps, not both.";
  if (!none && steps.length === 0 && !errors.steps) errors.steps = "Tick at least one approver for step 1, or choose “No approval needed”.";
  if (!base.success || Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    name: base.data.name,
    scope: scopeFromValue(base.data.scope),
    steps: none ? [] : steps,
    reminderHours: base.data.reminderHours,
    publishWhenApproved: base.data.onApproval === "publish",
  };
}

export const DecisionSchema = z.object({
  id: z.string().min(1),
  decision: z.enum(["approve", "changes"], { errorMap: () => ({ message: "Approve or request changes." }) }),
  note: z.string().max(NOTE_MAX, `Keep the note to ${NOTE_MAX} characters.`).default(""),
  quote: z.string().max(NOTE_MAX).default(""),
});

/** An Admin's "Publish without approval": the reason is required, and kept with the act (decision 076). */
export const UnapprovedPublishSchema = z.object({
  id: z.string().min(1),
  reason: z
    .string()
    .trim()
    .min(1, "Say why it cannot wait for its approvals: the reason is kept with the publish.")
    .max(NOTE_MAX, `Keep the reason to ${NOTE_MAX} characters.`),
});

export const ReviewLinkSchema = z.object({
  id: z.string().min(1),
  days: z.coerce
    .number({ invalid_type_error: "Days must be a whole number from 1 to 30." })
    .int("Days must be a whole number from 1 to 30.")
    .min(1, "Days must be a whole number from 1 to 30.")
    .max(30, "Days must be a whole number from 1 to 30.")
    .default(7),
});

export const ExternalReviewSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Type your name, so the team knows who reviewed.")
    .max(REVIEWER_NAME_MAX, `Keep your name to ${REVIEWER_NAME_MAX} characters.`),
  decision: z.enum(["approve", "changes", "comment"], { errorMap: () => ({ message: "Choose comment, approve or request changes." }) }),
  note: z.string().max(NOTE_MAX, `Keep the note to ${NOTE_MAX} characters.`).default(""),
});
