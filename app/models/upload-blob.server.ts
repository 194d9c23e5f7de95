// An upload's bytes in the database, for PostgreSQL (decision 052): every replica reads the same rows.
import { prisma } from "~/db/db.server";

/** Stores the bytes under their SHA-256, once however often they are uploaded (or by two at once: the same bytes). */
export async function storeBlob(sha256: string, bytes: Buffer): Promise<void> {
  try {
    await prisma.uploadBlob.upsert({
      where: { sha256 },
      create: { sha256, bytes: new Uint8Array(bytes) },
      update: {},
      select: { sha256: true },
    });
  } catch (error) {
    if ((error as { code?: string }).code !== "P2002") throw error;
  }
}

export async function readBlob(sha256: string): Promise<Buffer | null> {
  const row = await prisma.uploadBlob.findUnique({ where: { sha256 }, select: { bytes: true } });
  return row ? Buffer.from(row.bytes) : null;
}
