import { prisma } from "~/db/db.server";
import { createInTransaction, recordClaim } from "~/models/idempotency.server";
import { enterWorkspaceOf } from "~/db/workspace-scope.server";

export function createUpload(row: {
  sha256: string;
  mime: string;
  bytes: number;
  alt: string;
  fileName: string;
  contentId: string | null;
  createdById: string;
}) {
  return createInTransaction(async (tx) => {
    const made = await tx.upload.create({ data: row, select: { id: true, alt: true } });
    await recordClaim(tx, made.id);
    return made;
  });
}

/** An upload by its unguessable id, from any workspace: /uploads/<id> is public (decision 073). */
export function findPublicUpload(id: string) {
  return enterWorkspaceOf(() =>
    prisma.upload.findUnique({ where: { id }, select: { workspaceId: true, sha256: true, mime: true, bytes: true, alt: true } }),
  );
}

export function getUpload(id: string) {
  return prisma.upload.findUnique({ where: { id }, select: { sha256: true, mime: true, bytes: true, alt: true } });
}

/** An upload of these bytes for this item already recorded (so a card stored again reuses its row). */
export function findItemUpload(sha256: string, contentId: string) {
  return prisma.upload.findFirst({ where: { sha256, contentId }, select: { id: true, alt: true }, orderBy: { createdAt: "asc" } });
}
