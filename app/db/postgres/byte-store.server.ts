// An upload's bytes in the database on PostgreSQL (decisions 052, 068): every replica reads the same rows.
import { createHash } from "node:crypto";
import { prisma } from "~/db/db.server";

/** Stores the bytes under their SHA-256, once however often they are uploaded (or by two at once: the same bytes). */
export async function keepBytes(bytes: Buffer): Promise<string> {
  const sha256 = createHash("sha256").update(bytes).digest("hex");
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
  return sha256;
}

export async function loadBytes(sha256: string): Promise<Buffer | null> {
  const row = await prisma.uploadBlob.findUnique({ where: { sha256 }, select: { bytes: true } });
  return row ? Buffer.from(row.bytes) : null;
}

export async function dropBytes(sha256: string): Promise<void> {
  await prisma.uploadBlob.deleteMany({ where: { sha256 } });
}
