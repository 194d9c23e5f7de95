// Uploads on PostgreSQL (decision 052): the bytes are rows, so every replica serves them; no file is
// written. Skipped, saying why, without a reachable PostgreSQL.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freshPostgresDatabase, postgresUnavailable } from "./postgres";

const unavailable = await postgresUnavailable();
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d1c2b90000000049454e44ae426082",
  "hex",
);

describe.skipIf(unavailable !== null)(`uploads on PostgreSQL${unavailable ? ` (skipped: ${unavailable})` : ""}`, () => {
  let database: { url: string; drop: () => Promise<void> };
  let uploadDir: string;
  const saved = { DATABASE_URL: process.env.DATABASE_URL, UPLOAD_DIR: process.env.UPLOAD_DIR };

  beforeAll(async () => {
    database = await freshPostgresDatabase();
    uploadDir = await fs.mkdtemp(path.join(os.tmpdir(), "studio-no-files-"));
    Object.assign(process.env, { DATABASE_URL: database.url, UPLOAD_DIR: uploadDir });
    globalThis.__prisma = undefined;
    globalThis.__prismaReady = undefined;
    vi.resetModules();
  });

  afterAll(async () => {
    (await import("~/db/db.server")).prisma.$disconnect();
    Object.assign(process.env, saved);
    globalThis.__prisma = undefined;
    globalThis.__prismaReady = undefined;
    vi.resetModules();
    await database.drop();
    await fs.rm(uploadDir, { recursive: true, force: true });
  });

  it("stores the bytes as a row once, serves them back, and writes no file", async () => {
    const { storeImage, readImage } = await import("~/services/uploads.server");
    const { prisma } = await import("~/db/db.server");
    const file = new File([PNG], "dot.png", { type: "image/png" });
    const first = await storeImage(file, { alt: "A dot", userId: "user-sarah" });
    const again = await storeImage(file, { alt: "The same dot", userId: "user-sarah" });
    if (!first.ok || !again.ok) throw new Error("refused");
    expect(await prisma.uploadBlob.count()).toBe(1);
    const read = await readImage(first.id);
    expect(read?.mime).toBe("image/png");
    expect(Buffer.from(read!.bytes).equals(PNG)).toBe(true);
    expect(await fs.readdir(uploadDir)).toEqual([]);
  });
});
