// Uploaded images on disk: content-addressed files in UPLOAD_DIR, or an "uploads" folder beside the
// database (the data volume in the container), written atomically.
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { dataDirectory } from "~/db/db-settings.server";

export function uploadDir(): string {
  if (process.env.UPLOAD_DIR) return path.resolve(process.env.UPLOAD_DIR);
  return path.join(dataDirectory(), "uploads");
}

const fileOf = (sha256: string, ext: string) => path.join(uploadDir(), `${sha256}.${ext}`);

/** Stores the bytes under their SHA-256 (once, however often they are uploaded) and answers the hash. */
export async function storeBytes(bytes: Buffer, ext: string): Promise<string> {
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const target = fileOf(sha256, ext);
  await fs.mkdir(uploadDir(), { recursive: true });
  const exists = await fs.stat(target).then(
    () => true,
    () => false,
  );
  if (!exists) {
    const temp = `${target}.${randomUUID()}.tmp`;
    await fs.writeFile(temp, bytes);
    await fs.rename(temp, target);
  }
  return sha256;
}

export function readBytes(sha256: string, ext: string): Promise<Buffer | null> {
  return fs.readFile(fileOf(sha256, ext)).catch(() => null);
}

/** Removes the file; one already gone is no error. */
export async function deleteBytes(sha256: string, ext: string): Promise<void> {
  await fs.rm(fileOf(sha256, ext), { force: true });
}
