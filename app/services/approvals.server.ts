// Approval chains at work (issue 37, decision 044): submitting starts the chain, each step's
// approvers hear of it and decide, the last approval publishes or leaves it approved (the chain's choice),
// and a post whose time comes first is missed.
import {
  chainProgress,
  checkDecision,
  contentFingerprint,
  describeStep,
  isMissed,
  reminderDueAt,
  joinNames,
  MISSED_LABEL,
  MISSED_UNPUBLISHED,
  PUBLISHED_WITHOUT_APPROVAL,
  UNAPPROVED_PUBLISH_PERMISSION,
  resolveChain,
  type Actor,
  type Chain,
  type Progress,
} from "~/domain/approval-chain";
import type { Refusal } from "~/domain/reply";
import { can } from "~/domain/permissions";
import {
  approvalRequestsFor,
  approvalsInUse,
  approversOf,
  dueUnpublishedPosts,
  endApprovalRequest,
  getApprovalRequest,
  itemForChain,
  listChains,
  listDecisions,
  markMissed,
  markReminded,
  requestsWithReminders,
  nextUnpublishedPostDue,
  schedulersOf,
  recordDecision,
  setApprovalState,
  startApprovalRequest,
  type ApprovalRequestRow,
  type DecisionRow,
  getDecision,
} from "~/models/approval.server";
import { moveContentStatus } from "~/models/content-write.server";
import { bringScheduleForward, scheduleWithFirstPost } from "~/models/publish-schedule.server";
import { getBrandVoice } from "~/models/assistant.server";
import { meetsThreshold, scoreLocal } from "~/domain/assistant/score";
import { notify } from "~/models/notification.server";
import { recordAudit } from "~/models/audit.server";
import { contentObject, memberActor, reviewerActor } from "~/domain/audit";
import { wakePublishScheduler } from "~/db/wake.server";
import { flushDocument, reauthorize } from "./collaboration.server";
import { postsOnPublish } from "./publish-posts.server";
import { postComment } from "./comments.server";

type Item = NonNullable<Awaited<ReturnType<typeof itemForChain>>>;

/** What an approval approves, of an item as itemForChain reads it. */
export const fingerprintOf = (item: Pick<Item, "title" | "excerpt" | "body" | "channelPosts">) =>
  contentFingerprint({ ...item, posts: item.channelPosts });
/** Comments are kept in the chain's history but neither approve nor withdraw. */
const chainDecisions = (rows: DecisionRow[]) => rows.filter((d) => d.kindRaw !== "comment" && d.step >= 0);

/** The chain that would apply to this item now (by type and channels), or null. */
export async function applicableChain(item: { type: string; channelPosts: { channel: string }[] }): Promise<Chain | null> {
  return resolveChain(await listChains(), { type: item.type, channels: item.channelPosts.map((p) => p.channel) });
}

/** Whether a chain applies to this item now (its type and channels). */
export async function chainAppliesTo(contentId: string): Promise<boolean> {
  const item = await itemForChain(contentId);
  return !!item && (await applicableChain(item)) !== null;
}

export interface ChainStanding {
  request: ApprovalRequestRow;
  /**
   * Where the round stands now: the stored state, except that an approval undone by a later change of the
   * words or posts (while the item waits in review) puts it back "in_review" at the step that approves again.
   */
  state: string;
  progress: Progress;
  decisions: DecisionRow[];
  /** Whether the content changed since an approval in this round, and that approval has not been given again. */
  changedSince: boolean;
}

/** Where an item stands in its chain, or null when it is not in one. Reading writes nothing. */
export async function chainStanding(contentId: string): Promise<ChainStanding | null> {
  const request = await getApprovalRequest(contentId);
  if (!request) return null;
  const item = await itemForChain(contentId);
  if (!item) return null;
  const decisions = await listDecisions(contentId, request.startedAt);
  const fingerprint = fingerprintOf(item);
  const counted = chainProgress(request.steps, chainDecisions(decisions), fingerprint, request.requesterId);
  // Once out of review (published), the round is over: what publishing writes (its posts) undoes nothing.
  const settled = request.state === "approved" && item.status !== "review";
  const progress = settled ? ({ state: "approved", total: request.steps.length } as const) : counted;
  const state = request.state === "approved" && progress.state === "waiting" ? "in_review" : request.state;
  const current = (d: DecisionRow) =>
    decisions.some((o) => o.kindRaw === "approve" && o.step === d.step && o.actorId === d.actorId && o.fingerprint === fingerprint);
  const changedSince =
    state === "in_review" &&
    progress.state === "waiting" &&
    decisions.some((d) => d.kindRaw === "approve" && d.fingerprint !== fingerprint && !current(d));
  return { request, state, progress, decisions, changedSince };
}

/** Whether the item may be published now as far as its chain goes: no chain, or every step approved this content. */
export async function chainApproves(contentId: string): Promise<boolean> {
  const standing = await chainStanding(contentId);
  return !standing || standing.state === "approved" || standing.state === PUBLISHED_WITHOUT_APPROVAL;
}

/** The label a decision sent again answers with (decision 064): what it asked for, or where its chain stands. */
export async function decisionLabel(decisionId: string): Promise<{ kind: string; counted: boolean; label: string }> {
  const decision = await getDecision(decisionId);
  const counted = (decision?.step ?? 0) >= 0;
  if (!decision || decision.kind !== "approve") return { kind: decision?.kind ?? "changes", counted, label: "Changes requested" };
  const standing = await chainStanding(decision.contentId);
  return { kind: decision.kind, counted, label: standing?.progress.state === "waiting" ? standing.progress.label : "Approved" };
}

/** "Step 2 of 2: waiting for Legal" for each item in a chain (library, calendar). */
export async function chainLabels(contentIds: string[]): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  for (const request of await approvalRequestsFor(contentIds)) {
    if (request.state === "changes_requested") {
      labels.set(request.contentId, "Changes requested");
      continue;
    }
    const standing = await chainStanding(request.contentId);
    if (standing?.progress.state === "waiting") labels.set(request.contentId, standing.progress.label);
  }
  return labels;
}

async function tellApprovers(
  request: { steps: ApprovalRequestRow["steps"]; requesterId: string },
  progress: Progress,
  item: Item,
  actorId: string,
  now: Date,
) {
  if (progress.state !== "waiting") return;
  const approvers = (await approversOf(request.steps[progress.step])).filter((id) => id !== request.requesterId && id !== item.authorId);
  await notify("review_requested", {
    actorId,
    contentId: item.id,
    message: `“${item.title}” needs your approval (${progress.label})`,
    also: approvers,
    named: true,
    now,
  });
}

/**
 * Called when an item is submitted for review: starts its chain if one applies, and tells the
 * first step's approvers. Returns false when no chain applies (the one-step review goes on).
 */
export async function startChain(contentId: string, requester: { id: string }, now = new Date()): Promise<boolean> {
  const item = await itemForChain(contentId);
  if (!item) return false;
  const chain = await applicableChain(item);
  if (!chain) {
    await endApprovalRequest(contentId);
    return false;
  }
  await startApprovalRequest({ contentId, chain, requesterId: requester.id, now });
  const progress = chainProgress(chain.steps, [], fingerprintOf(item), requester.id);
  await tellApprovers({ steps: chain.steps, requesterId: requester.id }, progress, item, requester.id, now);
  return true;
}

/**
 * An item in a chain that has not finished, or whose approval a later change undid: the one-step approve
 * (with or without the brand-voice override), request and schedule are refused.
 */
export async function chainGate(contentId: string): Promise<{ ok: false; kind: "conflict"; error: string } | null> {
  // What is typed live but not stored yet is what would be published: stored first, so it is what the gate weighs.
  await flushDocument(contentId);
  const standing = await chainStanding(contentId);
  if (!standing || standing.state === "approved" || standing.state === PUBLISHED_WITHOUT_APPROVAL) return null;
  const where = standing.progress.state === "waiting" ? standing.progress.label : "its approval chain";
  const again = standing.changedSince ? " The content changed after an approval, so that step approves again." : "";
  return {
    ok: false,
    kind: "conflict",
    error: `This item is in the “${standing.request.chainName}” approval chain (${where}).${again} Approve or request changes at its step instead.`,
  };
}

export type DecideResult = { ok: true; state: "waiting" | "approved" | "changes_requested"; label: string } | Refusal;

/**
 * A member's (or an external reviewer's) approval or request for changes at the item's current step.
 * The last approval publishes the item when its chain says so; otherwise it waits, approved (keepApproved).
 */
export async function decide(
  contentId: string,
  actor: Actor & { name: string; external?: boolean },
  input: { kind: "approve" | "changes"; note: string; quote: string },
  now = new Date(),
): Promise<DecideResult> {
  await flushDocument(contentId);
  const [item, request] = await Promise.all([itemForChain(contentId), getApprovalRequest(contentId)]);
  if (!item) return { ok: false, kind: "not-found", error: "That content item does not exist." };
  if (!request) return { ok: false, kind: "conflict", error: "This item is not in an approval chain." };
  if (item.status !== "review")
    return { ok: false, kind: "conflict", error: `This item is ${item.status}, not in review: there is nothing to approve now.` };
  const fingerprint = fingerprintOf(item);
  const decisions = chainDecisions(await listDecisions(contentId, request.startedAt));
  const state = (await chainStanding(contentId))?.state ?? request.state;
  const check = checkDecision({ ...request, state, authorId: item.authorId }, decisions, fingerprint, actor);
  if (!check.ok) return check;
  if (input.kind === "changes" && !input.note.trim())
    return { ok: false, kind: "invalid", error: "Say what should change, so the writer knows." };
  await recordDecision({
    contentId,
    step: check.step,
    actorId: actor.id,
    actorName: actor.name,
    role: actor.role,
    external: !!actor.external,
    kind: input.kind,
    fingerprint,
    note: input.note.trim(),
    quote: input.quote.trim(),
    now,
  });
  await recordAudit(
    {
      actor: reviewerActor(actor),
      action: input.kind === "changes" ? "content.changes-requested" : "content.approved",
      object: contentObject(item),
      after: input.kind === "changes" ? { note: input.note.trim() } : null,
    },
    undefined,
    now,
  );
  const who = actor.external ? `${actor.name} (external)` : actor.name;
  if (input.kind === "changes") return sendBack(item, request, who, input, actor, now);
  const progress = chainProgress(
    request.steps,
    [...decisions, { step: check.step, actorId: actor.id, role: actor.role, kind: "approve", fingerprint, at: now }],
    fingerprint,
    request.requesterId,
  );
  if (progress.state === "waiting") {
    if (progress.step !== check.step) await tellApprovers(request, progress, item, actor.id, now);
    return { ok: true, state: "waiting", label: progress.label };
  }
  return finish(item, request, who, actor.id, now);
}

async function sendBack(
  item: Item,
  request: ApprovalRequestRow,
  who: string,
  input: { note: string; quote: string },
  actor: Actor & { external?: boolean },
  now: Date,
): Promise<DecideResult> {
  await setApprovalState(item.id, "changes_requested");
  if (item.status === "review") {
    await moveContentStatus(item.id, actor.external ? item.authorId : actor.id, now, () => ({
      to: "draft",
      activity: { type: "collaborate", action: `sent back for changes by ${who}` },
    }));
    reauthorize(item.id);
  }
  // A member's note sits beside its passage in the editor's comments; an external reviewer's (no account to
  // comment as) is kept in the chain's history and told in the notification.
  if (!actor.external)
    await postComment(
      { id: actor.id, name: who },
      { contentId: item.id, body: `Changes requested: ${input.note.trim()}`, quote: input.quote.trim() || undefined },
    );
  await notify("comment", {
    actorId: actor.external ? "external" : actor.id,
    contentId: item.id,
    message: `${who} asked for changes to “${item.title}”: ${input.note.trim()}`,
    also: [request.requesterId],
    now,
  });
  return { ok: true, state: "changes_requested", label: "Changes requested" };
}

async function finish(item: Item, request: ApprovalRequestRow, who: string, actorId: string, now: Date): Promise<DecideResult> {
  await setApprovalState(item.id, "approved");
  // The brand-voice threshold stays: below it the chain's approval does not publish; an Editor publishes with the override.
  const voice = await getBrandVoice();
  const score = scoreLocal(item.body, voice).score;
  if (item.status === "review" && !meetsThreshold(score, voice)) {
    await notify("approved", {
      actorId,
      contentId: item.id,
      message: `${who} gave the last approval to “${item.title}”; its brand-voice score ${score} is below ${voice.threshold}, so an Editor publishes it with the override`,
      now,
    });
    return {
      ok: true,
      state: "approved",
      label: `Approved by every step; the brand-voice score ${score} is below the threshold of ${voice.threshold}, so an Editor or Admin publishes it with the override`,
    };
  }
  if (item.status === "review" && !request.publishWhenApproved) return keepApproved(item, request, who, actorId, now);
  if (item.status === "review") {
    const moved = await moveContentStatus(item.id, actorId.startsWith("external:") ? item.authorId : actorId, now, () => ({
      to: "published",
      activity: { type: "publish", action: `approved by every step of its chain (last: ${who}) and published` },
    }));
    if (moved.kind === "moved") {
      const external = actorId.startsWith("external:");
      await recordAudit(
        { actor: reviewerActor({ id: actorId, name: who, external }), action: "content.published", object: contentObject(item) },
        undefined,
        now,
      );
      reauthorize(item.id);
      await postsOnPublish(item.id, now, external ? null : actorId);
      wakePublishScheduler();
    }
  }
  await notify("approved", { actorId, contentId: item.id, message: `${who} gave the last approval: “${item.title}” is approved`, now });
  return { ok: true, state: "approved", label: "Approved" };
}

/**
 * The chain leaves publishing to the team: the item stays in review, approved. With a scheduled channel
 * post it goes out at the first one's time (its posts at theirs); without one an Editor publishes it.
 */
async function keepApproved(item: Item, request: ApprovalRequestRow, who: string, actorId: string, now: Date): Promise<DecideResult> {
  const times = item.channelPosts.filter((p) => p.status === "scheduled" && p.scheduledAt).map((p) => p.scheduledAt!.getTime());
  const first = times.length ? new Date(Math.min(...times)) : null;
  const external = actorId.startsWith("external:");
  if (first) {
    const actor = reviewerActor({ id: actorId, name: who, external });
    await scheduleWithFirstPost(item, first, { actor, memberId: external ? request.requesterId : actorId }, now);
  }
  const label = first
    ? "Approved: it is published with its first scheduled post, and each post goes out at its time"
    : "Approved: waiting for an Editor or Admin to publish or schedule it";
  await notify("approved", {
    actorId,
    contentId: item.id,
    also: [request.requesterId],
    message: `${who} gave the last approval to “${item.title}”. ${label}.`,
    now,
  });
  return { ok: true, state: "approved", label };
}

/** A comment from an external reviewer, kept in the chain's history under their typed name. */
export async function externalComment(contentId: string, reviewer: { id: string; name: string }, note: string, now = new Date()) {
  const item = await itemForChain(contentId);
  if (!item) return false;
  await recordDecision({
    contentId,
    step: -1,
    actorId: reviewer.id,
    actorName: reviewer.name,
    role: "External",
    external: true,
    kind: "comment",
    fingerprint: fingerprintOf(item),
    note: note.trim(),
    quote: "",
    now,
  });
  // Not audited: comments are not, a member's or an external reviewer's (decision 043).
  await notify("comment", { actorId: "external", contentId, message: `${reviewer.name} (external) commented on “${item.title}”`, now });
  return true;
}

/**
 * Scheduled posts whose time came while their item waits for approval are not sent: they become
 * "Missed: waiting for approval" and the requester (and the Editors and Admins) hear of it.
 */
export async function markMissedPosts(now = new Date()): Promise<number> {
  const due = await dueUnpublishedPosts(now);
  if (due.length === 0) return 0;
  const inUse = await approvalsInUse();
  const chains = inUse ? await listChains() : [];
  let missed = 0;
  for (const contentId of new Set(due.map((p) => p.contentId))) {
    const posts = due.filter((p) => p.contentId === contentId);
    const request = inUse ? await getApprovalRequest(contentId) : null;
    // Approved (and not undone by a change since) and waiting to go out with its first post: a post moved earlier brings the publish forward.
    const approved = request ? (await chainStanding(contentId))?.state === "approved" : false;
    if (approved && posts[0].content.status === "review") {
      const first = new Date(Math.min(...posts.map((p) => p.scheduledAt!.getTime())));
      await bringScheduleForward(contentId, first);
      continue;
    }
    const channels = inUse ? ((await itemForChain(contentId))?.channelPosts.map((p) => p.channel) ?? []) : [];
    const applies = inUse && (request ? !approved : resolveChain(chains, { type: posts[0].content.type, channels }) !== null);
    const waiting = (p: (typeof posts)[number]) =>
      isMissed({ status: "scheduled", scheduledAt: p.scheduledAt }, { applies, approved }, now);
    // A time that passes without a send is missed either way; the reason says which.
    const reason = applies && posts.some(waiting) ? MISSED_LABEL : MISSED_UNPUBLISHED;
    const ids = posts.map((p) => p.id);
    const count = await markMissed(ids, reason);
    missed += count;
    if (count === 0) continue;
    const names = joinNames(posts.map((p) => p.channel));
    await notify("publishing_problem", {
      actorId: "system",
      contentId,
      also: [request?.requesterId ?? posts[0].content.authorId, ...(await schedulersOf(contentId, posts))],
      message: `${reason}: the ${names} post of “${posts[0].content.title}” was not sent at its time. Reschedule it on the item's Channels tab.`,
      now,
    });
  }
  return missed;
}

/** When the scheduler should look again for posts that may be missed. */
export const nextMissable = (now: Date) => nextUnpublishedPostDue(now);

/** The panel's words for where the round stands. */
function panelLabel(standing: ChainStanding): string {
  if (standing.state === "changes_requested") return "Changes requested";
  if (standing.state === PUBLISHED_WITHOUT_APPROVAL) return "Published without approval";
  return standing.progress.state === "approved" ? "Approved by every step" : standing.progress.label;
}

/**
 * The editor's approval panel: where the item stands, who decided what in every round (earlier rounds
 * too), and whether this member may decide now, or (an Admin) publish without approval.
 */
export async function approvalPanel(contentId: string, member: Actor) {
  const standing = await chainStanding(contentId);
  if (!standing) return null;
  const item = await itemForChain(contentId);
  const { request, progress, state } = standing;
  // Archived or moved on while its chain ran: it is in no chain until it is submitted again.
  if (state === "in_review" && item?.status !== "review") return null;
  const check = item
    ? checkDecision({ ...request, state, authorId: item.authorId }, chainDecisions(standing.decisions), fingerprintOf(item), member)
    : null;
  const rounds = await listDecisions(contentId, null);
  return {
    chainName: request.chainName,
    state,
    label: panelLabel(standing),
    steps: request.steps.map(describeStep),
    current: progress.state === "waiting" && state === "in_review" ? progress.step : null,
    canDecide: !!check?.ok,
    changedSince: standing.changedSince,
    // Only an Admin, only while the chain withholds its approval of an item in review.
    canPublishUnapproved: can(member.role, UNAPPROVED_PUBLISH_PERMISSION) && item?.status === "review" && state === "in_review",
    decisions: rounds.map((d) => ({
      who: d.external ? `${d.actorName} (external)` : d.actorName,
      kind: d.kindRaw,
      step: d.step,
      note: d.note,
      at: d.at.toISOString(),
      earlierRound: d.at.getTime() < request.startedAt.getTime(),
    })),
  };
}
export type ApprovalPanelData = NonNullable<Awaited<ReturnType<typeof approvalPanel>>>;

/** When each waiting item's current step is next reminded, with its standing. */
async function reminders() {
  const out: { request: ApprovalRequestRow; dueAt: Date }[] = [];
  for (const request of await requestsWithReminders()) {
    const decisions = chainDecisions(await listDecisions(request.contentId, request.startedAt));
    const dueAt = reminderDueAt({ hours: request.reminderHours, startedAt: request.startedAt, decisions, remindedAt: request.remindedAt });
    if (dueAt) out.push({ request, dueAt });
  }
  return out;
}

/** Reminds the current step's approvers who have not acted, once per delay the Admin set on the chain. */
export async function remindApprovers(now = new Date()): Promise<number> {
  let sent = 0;
  for (const { request, dueAt } of await reminders()) {
    if (dueAt.getTime() > now.getTime()) continue;
    const item = await itemForChain(request.contentId);
    if (!item) continue;
    const decisions = chainDecisions(await listDecisions(request.contentId, request.startedAt));
    const progress = chainProgress(request.steps, decisions, fingerprintOf(item), request.requesterId);
    await markReminded(request.contentId, now);
    if (progress.state !== "waiting") continue;
    const acted = new Set(decisions.filter((d) => d.step === progress.step).map((d) => d.actorId));
    const approvers = (await approversOf(request.steps[progress.step])).filter(
      (id) => !acted.has(id) && id !== request.requesterId && id !== item.authorId,
    );
    sent += await notify("review_requested", {
      actorId: "system",
      contentId: item.id,
      message: `Reminder: “${item.title}” still needs your approval (${progress.label})`,
      also: approvers,
      named: true,
      now,
    });
  }
  return sent;
}

/** The next reminder due, for the scheduler to wake for. */
export async function nextReminderAt(): Promise<Date | null> {
  const times = (await reminders()).map((r) => r.dueAt.getTime());
  return times.length ? new Date(Math.min(...times)) : null;
}

/**
 * An Admin publishes an item its chain has not approved (decision 076): a separate act with a reason,
 * kept in the chain's history (the approval panel), the activity feed and the audit log. It is refused
 * when the chain does not hold the item back (then Publish does it) or the item is not in review.
 */
export async function publishWithoutApproval(
  contentId: string,
  user: { id: string; name: string; role: string },
  reason: string,
  now = new Date(),
): Promise<{ ok: true } | Refusal> {
  await flushDocument(contentId);
  const standing = await chainStanding(contentId);
  const item = await itemForChain(contentId);
  if (!item) return { ok: false, kind: "not-found", error: "That content item does not exist." };
  if (item.status !== "review" || standing?.state !== "in_review")
    return {
      ok: false,
      kind: "conflict",
      error: "Its approval chain does not hold this item back now: publish it with Publish, or submit it for review first.",
    };
  const where = standing.progress.state === "waiting" ? standing.progress.label : "its approval chain";
  const moved = await moveContentStatus(contentId, user.id, now, (row) =>
    row.status === "review"
      ? { to: "published", activity: { type: "publish", action: `published without approval (${where}): ${reason}` } }
      : { refusal: null },
  );
  if (moved.kind === "missing") return { ok: false, kind: "not-found", error: "That content item does not exist." };
  if (moved.kind !== "moved")
    return { ok: false, kind: "conflict", error: "Someone else changed this item's status just now. Reload to see it." };
  await setApprovalState(contentId, PUBLISHED_WITHOUT_APPROVAL);
  await recordDecision({
    contentId,
    step: -1,
    actorId: user.id,
    actorName: user.name,
    role: user.role,
    external: false,
    kind: PUBLISHED_WITHOUT_APPROVAL,
    fingerprint: fingerprintOf(item),
    note: reason,
    quote: "",
    now,
  });
  await recordAudit(
    {
      actor: memberActor(user),
      action: "content.published-without-approval",
      object: contentObject(item),
      before: { status: "review", chain: `${standing.request.chainName}: ${where}` },
      after: { status: "published", reason },
    },
    undefined,
    now,
  );
  reauthorize(contentId);
  await postsOnPublish(contentId, now, user.id);
  wakePublishScheduler();
  await notify("published", {
    actorId: user.id,
    contentId,
    also: [standing.request.requesterId],
    message: `${user.name} published “${item.title}” without its approval chain's approval (${where}): ${reason}`,
    now,
  });
  return { ok: true };
}
