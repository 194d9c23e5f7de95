import type { ContentStatus } from "./content";
import { can, forbiddenMessage, type Permission } from "./permissions";

/** Every lifecycle move: where it may start, where it ends, and who may make it. */
export const TRANSITIONS = {
  submit: { from: ["draft"], to: "review", permission: "content.submit", label: "Submit for review", done: "submitted for review" },
  requestChanges: { from: ["review"], to: "draft", permission: "content.approve", label: "Request changes", done: "sent back for changes" },
  approve: { from: ["review"], to: "published", permission: "content.publish", label: "Approve & publish", done: "published" },
  unpublish: { from: ["published"], to: "draft", permission: "content.publish", label: "Unpublish", done: "unpublished" },
  archive: { from: ["draft", "review", "published"], to: "archived", permission: "content.archive", label: "Archive", done: "archived" },
  restore: { from: ["archived"], to: "draft", permission: "content.archive", label: "Restore", done: "restored" },
} as const satisfies Record<
  string,
  { from: readonly ContentStatus[]; to: ContentStatus; permission: Permission; label: string; done: string }
>;

export type TransitionName = keyof typeof TRANSITIONS;
export const TRANSITION_NAMES = Object.keys(TRANSITIONS) as TransitionName[];

export function isTransitionName(value: unknown): value is TransitionName {
  return typeof value === "string" && Object.hasOwn(TRANSITIONS, value);
}

export type TransitionCheck = { ok: true; to: ContentStatus } | { ok: false; kind: "forbidden" | "conflict"; error: string };

/**
 * Whether this member may move this item. Role first (403), then the item's status (409).
 * Writers submit only their own drafts.
 */
export function checkTransition(
  user: { id: string; role: string },
  item: { authorId: string; status: string },
  name: TransitionName,
): TransitionCheck {
  const t = TRANSITIONS[name];
  if (!can(user.role, t.permission)) return { ok: false, kind: "forbidden", error: forbiddenMessage(user.role, t.permission) };
  if (name === "submit" && user.role === "Writer" && item.authorId !== user.id) {
    return { ok: false, kind: "forbidden", error: "Writers can only submit their own drafts for review." };
  }
  if (!(t.from as readonly string[]).includes(item.status)) {
    return {
      ok: false,
      kind: "conflict",
      error: `This item is ${item.status}, so it cannot be ${t.done} (only from ${t.from.join(" or ")}).`,
    };
  }
  return { ok: true, to: t.to };
}

/** The moves this member can make on this item now, for the buttons. */
export function availableTransitions(user: { id: string; role: string }, item: { authorId: string; status: string }): TransitionName[] {
  return TRANSITION_NAMES.filter((name) => checkTransition(user, item, name).ok);
}

/** The brand-voice score at the moment of a move, against the Content Generation Threshold. */
export interface ScoreAtMove {
  score: number;
  threshold: number;
}

/** What a move below the threshold says; `act` is what the override would do (approve, schedule or move a post). */
export const belowThresholdMessage = (s: ScoreAtMove, act: "approve" | "schedule" | "move" = "approve") =>
  `The brand-voice score is ${s.score}, below the Content Generation Threshold of ${s.threshold}. An Editor or Admin can ${act} it anyway with an explicit override.`;

/** An item's running approval chain, as the Publish button needs it. */
export interface ChainAtPublish {
  label: string;
  canDecide: boolean;
  changesRequested: boolean;
}

/** Why Publish is disabled for this member now, or "" when it is not: the real reason, not the role's. */
export function publishHint(at: {
  status: string;
  canApprove: boolean;
  score: number | null;
  threshold: number;
  chain: ChainAtPublish | null;
}): string {
  if (at.status === "published") return "Already published";
  if (at.status === "archived") return "Restore it first";
  if (at.status === "draft") return "Submit it for review first; an Editor or Admin approves and publishes";
  if (at.chain?.changesRequested) return "Changes were requested in the approval chain: it goes back to review when it is submitted again";
  if (at.chain?.canDecide) return `Decide at your step in the approval panel (${at.chain.label})`;
  if (at.chain) return `Waiting for the approval chain: ${at.chain.label}`;
  if (!at.canApprove) return "Only Editors and Admins approve and publish";
  return at.score !== null && at.score < at.threshold
    ? `Brand-voice score ${at.score} is below the threshold of ${at.threshold}: publishing asks for an override`
    : "";
}
