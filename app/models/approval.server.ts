// Approval chains, an item's run through its chain, and the decisions made on it (issue 37).
import { prisma } from "~/db/db.server";
import { createInTransaction, recordClaim } from "~/models/idempotency.server";
import type { Chain, ChainScope, ChainStep, Decision } from "~/domain/approval-chain";
import { activeMembers } from "~/models/user.server";

const parseSteps = (json: string): ChainStep[] => {
  try {
    const steps = JSON.parse(json) as unknown;
    return Array.isArray(steps) ? (steps as ChainStep[]) : [];
  } catch {
    return [];
  }
};

const scopeOf = (kind: string, value: string): ChainScope =>
  kind === "type" ? { kind, type: value } : kind === "channel" ? { kind, channel: value } : { kind: "all" };

export async function listChains(): Promise<Chain[]> {
  const rows = await prisma.approvalChain.findMany({ orderBy: { createdAt: "asc" } });
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    scope: scopeOf(r.scopeKind, r.scopeValue),
    steps: parseSteps(r.steps),
    reminderHours: r.reminderHours,
    publishWhenApproved: r.publishWhenApproved,
  }));
}

type ChainInput = { name: string; scope: ChainScope; steps: ChainStep[]; reminderHours?: number; publishWhenApproved?: boolean };

const chainColumns = (input: ChainInput) => ({
  name: input.name,
  scopeKind: input.scope.kind,
  scopeValue: input.scope.kind === "type" ? input.scope.type : input.scope.kind === "channel" ? input.scope.channel : "",
  steps: JSON.stringify(input.steps),
  reminderHours: input.reminderHours ?? 24,
  publishWhenApproved: input.publishWhenApproved ?? false,
});

export function createChain(input: ChainInput) {
  return createInTransaction(async (tx) => {
    const chain = await tx.approvalChain.create({ data: chainColumns(input), select: { id: true } });
    await recordClaim(tx, chain.id);
    return chain;
  });
}

/** A chain's name (a retried add answers with it), or null once removed. */
export async function chainName(id: string) {
  return (await prisma.approvalChain.findUnique({ where: { id }, select: { name: true } }))?.name ?? null;
}

/** Items already in the chain keep the steps they started with (their request holds a copy). */
export async function updateChain(id: string, input: ChainInput) {
  const { count } = await prisma.approvalChain.updateMany({ where: { id }, data: chainColumns(input) });
  return count > 0;
}

export async function deleteChain(id: string) {
  const { count } = await prisma.approvalChain.deleteMany({ where: { id } });
  return count > 0;
}

/** Members an Admin can name in a step. */
export async function listApproverCandidates() {
  const members = await activeMembers();
  return members.map(({ id, name, role }) => ({ id, name, role })).sort((a, b) => a.name.localeCompare(b.name));
}

/** What the chain reads of an item: its type, words and channel posts (the fingerprint's inputs). */
export function itemForChain(contentId: string) {
  return prisma.contentItem.findUnique({
    where: { id: contentId },
    select: {
      id: true,
      title: true,
      excerpt: true,
      body: true,
      type: true,
      status: true,
      authorId: true,
      publishedAt: true,
      channelPosts: {
        select: { channel: true, text: true, link: true, imageUrl: true, scheduledAt: true, status: true, createdAt: true },
      },
    },
  });
}

export type ApprovalRequestRow = {
  contentId: string;
  chainName: string;
  steps: ChainStep[];
  requesterId: string;
  state: string;
  startedAt: Date;
  reminderHours: number;
  publishWhenApproved: boolean;
  remindedAt: Date | null;
};

export async function getApprovalRequest(contentId: string): Promise<ApprovalRequestRow | null> {
  const row = await prisma.approvalRequest.findUnique({ where: { contentId } });
  return row ? { ...row, steps: parseSteps(row.steps) } : null;
}

export async function approvalRequestsFor(contentIds: string[]): Promise<ApprovalRequestRow[]> {
  if (contentIds.length === 0) return [];
  // In review while its chain runs (or approved, which an edit since may undo), or a draft sent back: an item
  // archived or published meanwhile is in no chain now.
  const rows = await prisma.approvalRequest.findMany({
    where: {
      contentId: { in: contentIds },
      OR: [
        { state: { in: ["in_review", "approved"] }, content: { status: "review" } },
        { state: "changes_requested", content: { status: "draft" } },
      ],
    },
  });
  return rows.map((row) => ({ ...row, steps: parseSteps(row.steps) }));
}

/** Submitting starts a new round: the chain's steps as they are now, and decisions counted from now. */
export function startApprovalRequest(input: { contentId: string; chain: Chain; requesterId: string; now: Date }) {
  const data = {
    chainName: input.chain.name,
    steps: JSON.stringify(input.chain.steps),
    requesterId: input.requesterId,
    state: "in_review",
    startedAt: input.now,
    reminderHours: input.chain.reminderHours ?? 0,
    publishWhenApproved: input.chain.publishWhenApproved ?? false,
    remindedAt: null,
  };
  return prisma.approvalRequest.upsert({
    where: { contentId: input.contentId },
    create: { contentId: input.contentId, ...data },
    update: data,
    select: { contentId: true },
  });
}

/** Submitted where no chain applies now: an earlier round's request no longer speaks for the item. */
export function endApprovalRequest(contentId: string) {
  return prisma.approvalRequest.deleteMany({ where: { contentId } });
}

export function setApprovalState(contentId: string, state: "in_review" | "changes_requested" | "approved" | "published_unapproved") {
  return prisma.approvalRequest.updateMany({ where: { contentId }, data: { state } });
}

export type DecisionRow = Decision & { actorName: string; external: boolean; note: string; quote: string; kindRaw: string };

/** The decisions of the current round (comments included), oldest first. */
export async function listDecisions(contentId: string, since: Date | null): Promise<DecisionRow[]> {
  const rows = await prisma.approvalDecision.findMany({
    where: { contentId, ...(since ? { createdAt: { gte: since } } : {}) },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((r) => ({
    step: r.step,
    actorId: r.actorId,
    role: r.role,
    kind: r.kind === "approve" ? "approve" : "changes",
    kindRaw: r.kind,
    fingerprint: r.fingerprint,
    at: r.createdAt,
    actorName: r.actorName,
    external: r.external,
    note: r.note,
    quote: r.quote,
  }));
}

export function recordDecision(input: {
  contentId: string;
  step: number;
  actorId: string;
  actorName: string;
  role: string;
  external: boolean;
  kind: "approve" | "changes" | "comment" | "published_unapproved";
  fingerprint: string;
  note: string;
  quote: string;
  now: Date;
}) {
  const { now, ...data } = input;
  return createInTransaction(async (tx) => {
    const made = await tx.approvalDecision.create({ data: { ...data, createdAt: now }, select: { id: true } });
    await recordClaim(tx, made.id);
    return made;
  });
}

/** A decision's item and kind (to answer a decision sent again as the first was answered). */
export function getDecision(id: string) {
  return prisma.approvalDecision.findUnique({ where: { id }, select: { contentId: true, kind: true, step: true } });
}

/** Members who may act at a step: those named, and the active members of its roles. */
export async function approversOf(step: ChainStep): Promise<string[]> {
  const rows = await prisma.membership.findMany({
    where: {
      status: "active",
      user: { status: "active" },
      OR: [{ userId: { in: step.members.map((m) => m.id) } }, { role: { in: step.roles } }],
    },
    select: { userId: true },
  });
  return rows.map((r) => r.userId);
}

/** Scheduled posts whose time has come on items not published: the candidates for "missed". */
export function dueUnpublishedPosts(now: Date) {
  return prisma.channelPost.findMany({
    where: { status: "scheduled", scheduledAt: { lte: now }, content: { status: { not: "published" } } },
    select: {
      id: true,
      contentId: true,
      channel: true,
      scheduledAt: true,
      createdById: true,
      content: { select: { title: true, type: true, authorId: true, status: true } },
    },
    take: 200,
  });
}

export function channelsOf(contentId: string) {
  return prisma.channelPost.findMany({ where: { contentId }, select: { channel: true } }).then((r) => r.map((p) => p.channel));
}

/** Who last scheduled each post (the activity log; else who made it): they hear when it is missed. */
export async function schedulersOf(contentId: string, posts: { channel: string; createdById: string }[]): Promise<string[]> {
  const rows = await prisma.activityEvent.findMany({
    where: { contentId, type: "schedule" },
    orderBy: { createdAt: "desc" },
    select: { userId: true, action: true },
    take: 100,
  });
  return posts.map((p) => rows.find((r) => r.action.startsWith(`scheduled the ${p.channel} post`))?.userId ?? p.createdById);
}

/** Marks posts missed, only if still scheduled (a reschedule in between wins). */
export async function markMissed(ids: string[], label: string) {
  const { count } = await prisma.channelPost.updateMany({
    where: { id: { in: ids }, status: "scheduled" },
    data: { status: "missed", lastError: label, nextAttemptAt: null },
  });
  return count;
}

/** The next time a scheduled post on an unpublished item comes due (it may then be missed): the scheduler wakes for it. */
export async function nextUnpublishedPostDue(now: Date): Promise<Date | null> {
  const next = await prisma.channelPost.aggregate({
    where: { status: "scheduled", scheduledAt: { gt: now }, content: { status: { not: "published" } } },
    _min: { scheduledAt: true },
  });
  return next._min.scheduledAt;
}

/** Whether approvals are in play at all: a chain defined, or an item still in one. */
export async function approvalsInUse(): Promise<boolean> {
  const [chain, open] = await Promise.all([
    prisma.approvalChain.findFirst({ select: { id: true } }),
    prisma.approvalRequest.findFirst({ where: { state: { not: "approved" } }, select: { contentId: true } }),
  ]);
  return !!(chain || open);
}

/** Items waiting in a chain whose approvers are reminded. */
export async function requestsWithReminders(): Promise<ApprovalRequestRow[]> {
  const rows = await prisma.approvalRequest.findMany({
    where: { state: "in_review", reminderHours: { gt: 0 }, content: { status: "review" } },
    take: 500,
  });
  return rows.map((row) => ({ ...row, steps: parseSteps(row.steps) }));
}

export function markReminded(contentId: string, at: Date) {
  return prisma.approvalRequest.updateMany({ where: { contentId }, data: { remindedAt: at } });
}
