// Approval chains (issue 37), as pure rules: which chain applies to an item, who may act at which
// step, where an item stands, and when an edit resets approvals. Services store and notify.

import type { Permission } from "./permissions";

/** "External" stands for a reviewer without an account, acting through a review link. */
export const EXTERNAL_ROLE = "External";

export type ChainScope = { kind: "all" } | { kind: "type"; type: string } | { kind: "channel"; channel: string };

export interface ChainStep {
  /** "any": one approval from anyone listed; "all": every listed member, and one member of every listed role. */
  mode: "any" | "all";
  members: { id: string; name: string }[];
  roles: string[];
}

export interface Chain {
  id: string;
  name: string;
  scope: ChainScope;
  /** No steps: "No approval needed" for what it covers. */
  steps: ChainStep[];
  /** Approvers who have not acted are reminded after this many hours (0: never). */
  reminderHours?: number;
  /** The last approval publishes the item then; otherwise it waits, approved, for its first scheduled post or an Editor. */
  publishWhenApproved?: boolean;
}

export interface Actor {
  /** A member's id, or "external:<typed name>" for an external reviewer. */
  id: string;
  role: string;
}

export interface Decision {
  step: number;
  actorId: string;
  role: string;
  kind: "approve" | "changes";
  /** The content's fingerprint when the decision was made. */
  fingerprint: string;
  at: Date;
}

const SPECIFICITY: Record<ChainScope["kind"], number> = { channel: 0, type: 1, all: 2 };

/**
 * The chain that applies to an item, or null when none does (the one-step review stays).
 * The most specific scope wins: a channel of one of its posts, then its type, then all content.
 * Among channel chains a chain with steps beats "No approval needed" (the stricter one holds).
 */
export function resolveChain(chains: readonly Chain[], item: { type: string; channels: readonly string[] }): Chain | null {
  const matching = chains.filter((c) =>
    c.scope.kind === "all" ? true : c.scope.kind === "type" ? c.scope.type === item.type : item.channels.includes(c.scope.channel),
  );
  for (const kind of ["channel", "type", "all"] as const) {
    const atLevel = matching.filter((c) => c.scope.kind === kind);
    if (atLevel.length === 0) continue;
    const strict = atLevel.find((c) => c.steps.length > 0);
    return strict ?? null;
  }
  return null;
}

export const scopeRank = (scope: ChainScope) => SPECIFICITY[scope.kind];

/** Whether this actor is listed at this step (not whether they may act now). */
export function isListed(step: ChainStep, actor: Actor): boolean {
  return step.members.some((m) => m.id === actor.id) || step.roles.includes(actor.role);
}

/** The requirements of a step: members and roles still needing an approval, with the requester's own place left out. */
function requirements(step: ChainStep, requesterId: string) {
  return {
    members: step.members.filter((m) => m.id !== requesterId),
    roles: step.roles,
  };
}

/** Latest decision per actor at this step, counting only those on the current content. */
function currentDecisions(decisions: readonly Decision[], step: number, fingerprint: string): Map<string, Decision> {
  const latest = new Map<string, Decision>();
  for (const d of [...decisions].sort((a, b) => a.at.getTime() - b.at.getTime()))
    if (d.step === step && d.fingerprint === fingerprint) latest.set(d.actorId, d);
  return latest;
}

export function stepSatisfied(step: ChainStep, index: number, decisions: readonly Decision[], fingerprint: string, requesterId: string) {
  const approvals = [...currentDecisions(decisions, index, fingerprint).values()].filter(
    (d) => d.kind === "approve" && d.actorId !== requesterId,
  );
  if (step.mode === "any") return approvals.some((d) => step.members.some((m) => m.id === d.actorId) || step.roles.includes(d.role));
  const req = requirements(step, requesterId);
  return (
    req.members.every((m) => approvals.some((d) => d.actorId === m.id)) &&
    req.roles.every((role) => approvals.some((d) => d.role === role)) &&
    approvals.length > 0
  );
}

export type Progress =
  { state: "approved"; total: number } | { state: "waiting"; step: number; total: number; waitingFor: string[]; label: string };

/** Who a step still waits for, in words: members by name, roles as "any Editor" / "an Editor". */
export function waitingFor(step: ChainStep, index: number, decisions: readonly Decision[], fingerprint: string, requesterId: string) {
  const current = [...currentDecisions(decisions, index, fingerprint).values()].filter((d) => d.kind === "approve");
  const roleName = (r: string) => (r === EXTERNAL_ROLE ? "the external reviewer" : r);
  if (step.mode === "any")
    return [
      ...step.members.filter((m) => m.id !== requesterId).map((m) => m.name),
      ...step.roles.map((r) => (r === EXTERNAL_ROLE ? "an external reviewer" : `any ${r}`)),
    ];
  const req = requirements(step, requesterId);
  return [
    ...req.members.filter((m) => !current.some((d) => d.actorId === m.id)).map((m) => m.name),
    ...req.roles.filter((r) => !current.some((d) => d.role === r)).map(roleName),
  ];
}

/** Where an item stands: the first step not satisfied on the current content, or approved. */
export function chainProgress(
  steps: readonly ChainStep[],
  decisions: readonly Decision[],
  fingerprint: string,
  requesterId: string,
): Progress {
  const total = steps.length;
  for (let i = 0; i < total; i++) {
    if (stepSatisfied(steps[i], i, decisions, fingerprint, requesterId)) continue;
    const names = waitingFor(steps[i], i, decisions, fingerprint, requesterId);
    return { state: "waiting", step: i, total, waitingFor: names, label: `Step ${i + 1} of ${total}: waiting for ${joinNames(names)}` };
  }
  return { state: "approved", total };
}

export function joinNames(names: readonly string[]): string {
  if (names.length === 0) return "nobody listed";
  if (names.length === 1) return names[0];
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

export type DecisionCheck = { ok: true; step: number } | { ok: false; kind: "forbidden" | "conflict"; error: string };

/**
 * Whether this actor may approve or request changes now. Nobody approves their own work (the
 * requester or the item's author); only the current step's listed approvers act.
 */
export function checkDecision(
  chain: { steps: readonly ChainStep[]; requesterId: string; authorId: string; state: string },
  decisions: readonly Decision[],
  fingerprint: string,
  actor: Actor,
): DecisionCheck {
  if (actor.id === chain.requesterId || actor.id === chain.authorId)
    return { ok: false, kind: "forbidden", error: "Nobody approves their own work: someone else on this step has to." };
  if (chain.state !== "in_review")
    return { ok: false, kind: "conflict", error: "This item is not waiting for approval (it was sent back for changes or is approved)." };
  const progress = chainProgress(chain.steps, decisions, fingerprint, chain.requesterId);
  if (progress.state === "approved") return { ok: false, kind: "conflict", error: "Every step has approved this item already." };
  const step = chain.steps[progress.step];
  if (!isListed(step, actor)) return { ok: false, kind: "forbidden", error: `${progress.label}. You are not an approver at this step.` };
  return { ok: true, step: progress.step };
}

export interface FingerprintInput {
  title: string;
  excerpt: string;
  body: string;
  posts: readonly { channel: string; text: string; link: string | null; imageUrl: string | null; scheduledAt?: Date | null }[];
}

/**
 * What an approval approves: the words and pictures, not the times. A content edit changes it (and
 * sends the item back to the first step whose approval it undoes); a schedule-only change does not.
 */
export function contentFingerprint(input: FingerprintInput): string {
  const posts = [...input.posts]
    .sort((a, b) => a.channel.localeCompare(b.channel))
    .map((p) => [p.channel, p.text, p.link ?? "", p.imageUrl ?? ""]);
  return hash53(JSON.stringify([input.title, input.excerpt, input.body, posts]));
}

/** A 53-bit string hash (cyrb53): enough to tell two versions apart, not a secret. */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, "0");
}

/**
 * A round an Admin ended by publishing without the chain's approval (a named, audited act with a reason):
 * the request's state, and the kind of the decision row that records who and why.
 */
export const PUBLISHED_WITHOUT_APPROVAL = "published_unapproved";
/** Publishing without approval is the Admins' alone: those who set the chains (decision 076). */
export const UNAPPROVED_PUBLISH_PERMISSION: Permission = "settings.publishing";

export const MISSED_LABEL = "Missed: waiting for approval";
/** Why a post on an item nobody published by its time did not go. */
export const MISSED_UNPUBLISHED = "Missed: the item was not published by then";

/** A scheduled post whose time has come while its item still waits in a chain is missed, not sent. */
export function isMissed(post: { status: string; scheduledAt: Date | null }, chain: { applies: boolean; approved: boolean }, now: Date) {
  return (
    chain.applies &&
    !chain.approved &&
    post.status === "scheduled" &&
    post.scheduledAt !== null &&
    post.scheduledAt.getTime() <= now.getTime()
  );
}

export function describeScope(scope: ChainScope, labels: { type: (t: string) => string; channel: (c: string) => string }) {
  if (scope.kind === "all") return "All content";
  return scope.kind === "type" ? `${labels.type(scope.type)} content` : `${labels.channel(scope.channel)} posts`;
}

export function describeStep(step: ChainStep): string {
  const article = (r: string) => (/^[AEIOU]/.test(r) ? "an" : "a");
  const names = [
    ...step.roles.map((r) => (r === EXTERNAL_ROLE ? "an external reviewer" : `${article(r)} ${r}`)),
    ...step.members.map((m) => m.name),
  ];
  return `${step.mode === "any" ? "Any one of" : "All of"}: ${names.join(", ")}`;
}

const HOUR_MS = 3_600_000;

/**
 * When the approvers of the current step are reminded: `hours` after the step began waiting (the
 * round's start or its latest decision), then again every `hours` after the last reminder; null when off.
 */
export function reminderDueAt(input: {
  hours: number;
  startedAt: Date;
  decisions: readonly { at: Date }[];
  remindedAt: Date | null;
}): Date | null {
  if (input.hours <= 0) return null;
  const waitingSince = Math.max(input.startedAt.getTime(), ...input.decisions.map((d) => d.at.getTime()));
  const from = Math.max(waitingSince, input.remindedAt?.getTime() ?? 0);
  return new Date(from + input.hours * HOUR_MS);
}
