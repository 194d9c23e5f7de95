// The stored co-editing document of an item (decision 022) and the body derived from it.
import * as Y from "yjs";
import { prisma } from "~/db/db.server";
import { sameDocument } from "~/domain/rich-text";
import { wordsChanged } from "~/domain/word-diff";
import { logActivity } from "./content-write.server";

/** The stored Yjs state with the item's current body and version (null when the item is gone), read together. */
export async function loadContentDoc(contentId: string) {
  return prisma.$transaction(async (tx) => {
    const item = await tx.contentItem.findUnique({ where: { id: contentId }, select: { body: true, version: true } });
    if (!item) return null;
    const stored = await tx.contentDoc.findUnique({ where: { contentId }, select: { state: true, version: true } });
    return { body: item.body, version: item.version, stored };
  });
}

export type StoreResult =
  | { ok: true; version: number }
  /** The body moved past `expected` without this document: nothing written; catch up and store again. */
  | { ok: false; body: string; version: number; stored: { state: Uint8Array; version: number } | null };

/**
 * Stores the document's state and, when its Markdown (`body`; null when nobody changed the document)
 * reads differently from the item's body, makes it the body as the next version (a body that merely
 * writes the same document differently is kept). Only over the version the document last matched
 * (`expected`): a body written since without it is not overwritten. The stored state is merged with
 * what is there, so a store never drops what another copy stored. Null when the item is gone.
 */
export async function storeContentDoc(
  contentId: string,
  state: Uint8Array,
  body: string | null,
  expected: number,
  now = new Date(),
): Promise<StoreResult | null> {
  return storeOrGone(() => writeContentDoc(contentId, state, body, expected, now));
}

/** An item deleted while its document was being stored (a foreign key refused the row): it is gone. */
export async function storeOrGone<T>(store: () => Promise<T>): Promise<T | null> {
  try {
    return await store();
  } catch (error) {
    if ((error as { code?: string }).code === "P2003") return null;
    throw error;
  }
}

function writeContentDoc(contentId: string, state: Uint8Array, body: string | null, expected: number, now: Date) {
  return prisma.$transaction(async (tx): Promise<StoreResult | null> => {
    const item = await tx.contentItem.findUnique({ where: { id: contentId }, select: { body: true, version: true } });
    if (!item) return null;
    const stored = await tx.contentDoc.findUnique({ where: { contentId }, select: { state: true, version: true } });
    if (item.version !== expected) return { ok: false, body: item.body, version: item.version, stored };
    let version = item.version;
    if (body !== null && !sameDocument(item.body, body)) {
      version += 1;
      await tx.contentItem.update({ where: { id: contentId }, data: { body, version, updatedAt: now } });
    }
    const merged = stored ? Y.mergeUpdates([stored.state, state]) : state;
    const data = { state: Buffer.from(merged), version, updatedAt: now };
    await tx.contentDoc.upsert({ where: { contentId }, create: { contentId, ...data }, update: data });
    return { ok: true, version };
  });
}

/**
 * Cuts a revision of the current body for the members who typed since the last one (idle, a status
 * change, before an agent step). Nothing when the body equals the latest revision.
 */
export async function cutRevision(contentId: string, authors: { id: string; name: string }[], now = new Date(), label?: string) {
  if (authors.length === 0) return null;
  return prisma.$transaction(async (tx) => {
    const item = await tx.contentItem.findUnique({ where: { id: contentId }, select: { body: true, version: true, title: true } });
    if (!item) return null;
    const latest = await tx.contentRevision.findFirst({
      where: { contentId },
      orderBy: [{ createdAt: "desc" }, { version: "desc" }],
      select: { body: true },
    });
    if (latest && latest.body === item.body) return null;
    const { added, removed } = wordsChanged(latest?.body ?? "", item.body);
    label ??= authors.length === 1 ? "Edited" : `Edited together: ${authors.map((a) => a.name).join(", ")}`;
    const revision = await tx.contentRevision.create({
      data: {
        contentId,
        version: item.version,
        title: item.title,
        body: item.body,
        authorId: authors[0].id,
        label,
        wordsAdded: added,
        wordsRemoved: removed,
        createdAt: now,
        updatedAt: now,
      },
      select: { id: true },
    });
    for (const author of authors)
      await logActivity(tx, {
        type: "edit",
        action: label.startsWith("Edited") ? "edited" : label.toLowerCase(),
        target: item.title,
        userId: author.id,
        contentId,
      });
    return revision;
  });
}

/** The text an item had at `version` (the revision that recorded it, or the closest before), for a three-way merge. */
export async function bodyAtVersion(contentId: string, version: number) {
  const revision = await prisma.contentRevision.findFirst({
    where: { contentId, version: { lte: version } },
    orderBy: [{ version: "desc" }, { createdAt: "desc" }],
    select: { body: true, version: true },
  });
  return revision?.version === version ? revision.body : null;
}
