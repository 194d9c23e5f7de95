import type { Prisma } from "@prisma/client";
import { prisma } from "~/db/db.server";
import { createInTransaction, recordClaim } from "~/models/idempotency.server";
import type { ContentType } from "~/domain/content";
import { firstFreeSlug, slugify, wantedSlug, type DetailsInput } from "~/domain/content-details";
import type { Refusal } from "~/domain/reply";
import { wordsChanged } from "~/domain/word-diff";

/** Saves by one member this close together extend their latest revision. */
export const REVISION_MERGE_MS = 5 * 60 * 1000;

type Tx = Prisma.TransactionClient;

export function logActivity(tx: Tx, event: { type: string; action: string; target: string; userId: string; contentId: string | null }) {
  return tx.activityEvent.create({ data: event, select: { id: true } });
}

/** What a lifecycle rule reads about an item. */
export type StatusRow = { title: string; status: string; authorId: string; body: string };
/** A rule's answer: move the item (logging `activity`), or refuse with the rule's own refusal. */
export type StatusDecision<R> = { to: string; activity: { type: string; action: string } } | { refusal: R };
export type StatusMove<R> = { kind: "missing" } | { kind: "refused"; refusal: R } | { kind: "raced" } | { kind: "moved"; title: string };

/**
 * One status change in one transaction: `decide` reads the row and moves it or refuses. The status in
 * the update's where clause makes a concurrent move lose cleanly ("raced") instead of both applying.
 */
export async function moveContentStatus<R>(
  id: string,
  userId: string,
  now: Date,
  decide: (item: StatusRow) => StatusDecision<R>,
): Promise<StatusMove<R>> {
  return prisma.$transaction(async (tx): Promise<StatusMove<R>> => {
    const item = await tx.contentItem.findUnique({ where: { id }, select: { title: true, status: true, authorId: true, body: true } });
    if (!item) return { kind: "missing" };
    const decision = decide(item);
    if ("refusal" in decision) return { kind: "refused", refusal: decision.refusal };
    const moved = await tx.contentItem.updateMany({
      where: { id, status: item.status },
      data: { status: decision.to, ...(decision.to === "published" ? { publishedAt: now } : {}), updatedAt: now },
    });
    if (moved.count === 0) return { kind: "raced" };
    await logActivity(tx, { ...decision.activity, target: item.title, userId, contentId: id });
    return { kind: "moved", title: item.title };
  });
}

/** A free slug from `base` (base, base-2, …), other than the item's own. */
async function freeSlug(tx: Tx, base: string, exceptId?: string) {
  const rows = await tx.contentItem.findMany({
    where: { slug: { startsWith: base }, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { slug: true },
  });
  return firstFreeSlug(base, new Set(rows.map((r) => r.slug!)));
}

/** The member's own untouched "New Blog Post" draft (title, empty text, no tags), newest first, if any. */
export function emptyDraftOf(authorId: string, title: string, type: ContentType) {
  return prisma.contentItem.findFirst({
    where: { authorId, title, type, status: "draft", body: "", tags: { none: {} } },
    orderBy: { createdAt: "desc" },
    select: { id: true },
  });
}

export async function createContent(input: { title: string; type: ContentType; tags: string[]; body?: string; authorId: string }) {
  return createInTransaction(async (tx) => {
    const body = input.body ?? "";
    const item = await tx.contentItem.create({
      data: {
        title: input.title,
        slug: await freeSlug(tx, slugify(input.title)),
        type: input.type,
        body,
        authorId: input.authorId,
        tags: { create: input.tags.map((name, position) => ({ name, position })) },
        revisions: {
          create: {
            version: 1,
            title: input.title,
            body,
            authorId: input.authorId,
            label: "Created",
            wordsAdded: wordsChanged("", body).added,
          },
        },
      },
      select: { id: true },
    });
    await logActivity(tx, { type: "edit", action: "created", target: input.title, userId: input.authorId, contentId: item.id });
    await recordClaim(tx, item.id);
    return item;
  });
}

export type SaveResult =
  | { ok: true; version: number; updatedAt: Date; body: string }
  | { ok: false; reason: "missing" }
  | { ok: false; reason: "conflict"; current: { body: string; version: number } };

/** Writes a new body as the next version and records it in the history (merging a burst of autosaves). */
async function writeBody(tx: Tx, id: string, body: string, version: number, userId: string, label: string, now: Date): Promise<SaveResult> {
  const updated = await tx.contentItem.updateMany({ where: { id, version }, data: { body, version: { increment: 1 }, updatedAt: now } });
  const row = await tx.contentItem.findUnique({ where: { id }, select: { body: true, version: true, updatedAt: true, title: true } });
  if (!row) return { ok: false, reason: "missing" };
  if (updated.count === 0) return { ok: false, reason: "conflict", current: { body: row.body, version: row.version } };
  const [latest, before] = await tx.contentRevision.findMany({
    where: { contentId: id },
    orderBy: [{ createdAt: "desc" }, { version: "desc" }],
    take: 2,
  });
  const merge =
    label === "Edited" &&
    latest?.label === "Edited" &&
    latest.authorId === userId &&
    now.getTime() - latest.updatedAt.getTime() < REVISION_MERGE_MS;
  const base = merge ? (before?.body ?? "") : (latest?.body ?? "");
  const { added, removed } = wordsChanged(base, body);
  if (merge) {
    await tx.contentRevision.update({
      where: { id: latest.id },
      data: { body, version: row.version, title: row.title, wordsAdded: added, wordsRemoved: removed, updatedAt: now },
    });
  } else {
    await tx.contentRevision.create({
      data: {
        contentId: id,
        version: row.version,
        title: row.title,
        body,
        authorId: userId,
        label,
        wordsAdded: added,
        wordsRemoved: removed,
        createdAt: now,
        updatedAt: now,
      },
    });
    await logActivity(tx, {
      type: "edit",
      action: label === "Edited" ? "edited" : label.toLowerCase(),
      target: row.title,
      userId,
      contentId: id,
    });
  }
  return { ok: true, version: row.version, updatedAt: row.updatedAt, body };
}

/** Revision labels for text the writer accepted from the assistant (each starts its own revision). */
export const ASSISTANT_LABELS = { enhanced: "Enhanced with the assistant", drafted: "Drafted with the assistant" } as const;

/** Saves the body only if the caller saw the latest version (optimistic concurrency). */
export function saveBody(
  id: string,
  body: string,
  version: number,
  userId: string,
  now = new Date(),
  label = "Edited",
): Promise<SaveResult> {
  return prisma.$transaction((tx) => writeBody(tx, id, body, version, userId, label, now));
}

/** Brings back an old revision's text as a new version; the history keeps everything. */
export function restoreRevision(
  id: string,
  revisionId: string,
  version: number,
  userId: string,
  now = new Date(),
  label?: string,
): Promise<SaveResult | { ok: false; reason: "no-revision" }> {
  return prisma.$transaction(async (tx) => {
    const revision = await tx.contentRevision.findFirst({
      where: { id: revisionId, contentId: id },
      select: { body: true, version: true },
    });
    if (!revision) return { ok: false, reason: "no-revision" } as const;
    return writeBody(tx, id, revision.body, version, userId, label ?? `Restored version ${revision.version}`, now);
  });
}

export async function duplicateContent(id: string, userId: string) {
  const source = await prisma.contentItem.findUnique({
    where: { id },
    select: { title: true, type: true, body: true, tags: { select: { name: true }, orderBy: { position: "asc" } } },
  });
  if (!source) return null;
  const title = `${source.title} (copy)`;
  const copy = await createContent({
    title,
    type: source.type as ContentType,
    body: source.body,
    tags: source.tags.map((t) => t.name),
    authorId: userId,
  });
  return { id: copy.id, title };
}

export async function deleteContent(id: string, userId: string) {
  return prisma.$transaction(async (tx) => {
    const item = await tx.contentItem.findUnique({ where: { id }, select: { title: true } });
    if (!item) return false;
    await tx.contentItem.delete({ where: { id } });
    await logActivity(tx, { type: "edit", action: "deleted", target: item.title, userId, contentId: null });
    return true;
  });
}

type Thread = { parentId?: string; quote?: string; anchor?: string };

/**
 * Adds a comment: a new thread (on a passage when `quote`/`anchor` are given) or a reply. A reply to
 * a reply joins the first comment's thread. Null when the item, or the comment replied to, is not there.
 * Answers the members already in the thread, who hear of the reply.
 */
export async function addComment(contentId: string, authorId: string, body: string, thread: Thread = {}) {
  return createInTransaction(async (tx) => {
    const item = await tx.contentItem.findUnique({ where: { id: contentId }, select: { title: true } });
    if (!item) return null;
    let parentId: string | null = null;
    let participants: string[] = [];
    if (thread.parentId) {
      const parent = await tx.comment.findFirst({ where: { id: thread.parentId, contentId }, select: { id: true, parentId: true } });
      if (!parent) return null;
      parentId = parent.parentId ?? parent.id;
      const inThread = await tx.comment.findMany({
        where: { OR: [{ id: parentId }, { parentId }] },
        select: { authorId: true },
        distinct: ["authorId"],
      });
      participants = inThread.map((c) => c.authorId);
    }
    const anchored = parentId ? {} : { quote: thread.quote || null, anchor: thread.anchor || null };
    const comment = await tx.comment.create({ data: { contentId, authorId, body, parentId, ...anchored }, select: { id: true } });
    await recordClaim(tx, comment.id);
    await logActivity(tx, { type: "comment", action: "commented on", target: item.title, userId: authorId, contentId });
    return { ...comment, title: item.title, participants };
  });
}

/** Resolves a thread, with an optional note, or opens it again; false when it does not belong to the item. */
export async function setCommentResolved(
  contentId: string,
  commentId: string,
  change: { resolved: boolean; by: string; note?: string },
  now = new Date(),
) {
  const comment = await prisma.comment.findFirst({ where: { id: commentId, contentId }, select: { id: true, parentId: true } });
  if (!comment) return false;
  await prisma.comment.update({
    where: { id: comment.parentId ?? comment.id },
    data: change.resolved
      ? { resolvedAt: now, resolvedBy: change.by, resolveNote: change.note || null }
      : { resolvedAt: null, resolvedBy: null, resolveNote: null },
  });
  return true;
}

type DetailsResult = { ok: true; title: string; slug: string; excerpt: string } | (Refusal & { field?: "slug" });

/**
 * Renames an item and sets its slug and excerpt. A slug made from the title gets -2, -3 … when taken;
 * a slug asked for by hand that another item has is refused beside the field.
 */
export function saveDetails(input: DetailsInput, userId: string, now = new Date()): Promise<DetailsResult> {
  return prisma.$transaction(async (tx) => {
    const current = await tx.contentItem.findUnique({ where: { id: input.id }, select: { title: true, slug: true, status: true } });
    if (!current) return { ok: false, kind: "not-found", error: "That content item does not exist." };
    const wanted = wantedSlug(input, { ...current, published: current.status === "published" });
    let slug = wanted.slug;
    if (wanted.generated) slug = await freeSlug(tx, slug, input.id);
    else {
      const owner = await tx.contentItem.findFirst({ where: { slug, id: { not: input.id } }, select: { title: true } });
      if (owner)
        return { ok: false, kind: "invalid", field: "slug", error: `“${slug}” is already the slug of “${owner.title}”: choose another.` };
    }
    await tx.contentItem.update({ where: { id: input.id }, data: { title: input.title, slug, excerpt: input.excerpt, updatedAt: now } });
    if (input.title !== current.title)
      await logActivity(tx, { type: "edit", action: "renamed", target: input.title, userId, contentId: input.id });
    return { ok: true, title: input.title, slug, excerpt: input.excerpt };
  });
}
