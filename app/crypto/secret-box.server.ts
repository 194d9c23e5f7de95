// Secrets at rest (app secrets, network tokens, PKCE verifiers): AES-256-GCM with the studio's key.
// The key is STUDIO_SECRET_KEY (any string; its SHA-256 is the key), else a random key the studio
// writes once beside its database (studio-secret.key, mode 600). Decision 042.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { dataDirectory } from "~/db/db-settings.server";

const VERSION = "v1";
let cached: { source: string; key: Buffer } | null = null;

function keyFile(): string {
  return path.join(dataDirectory(), "studio-secret.key");
}

/** Reads the key file, or creates it on first use (wx: two processes starting at once keep the first one's). */
function fileKey(file: string): Buffer {
  try {
    fs.writeFileSync(file, randomBytes(32).toString("base64"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64");
}

function studioKey(): Buffer {
  const configured = process.env.STUDIO_SECRET_KEY?.trim();
  const source = configured ? `env:${configured}` : `file:${keyFile()}`;
  if (cached?.source === source) return cached.key;
  const key = configured ? createHash("sha256").update(configured).digest() : fileKey(keyFile());
  if (key.length !== 32) throw new Error("The studio's secret key file is damaged; restore it from a backup.");
  cached = { source, key };
  return key;
}

/** "v1:<iv>:<tag>:<ciphertext>", base64url parts. */
export function seal(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", studioKey(), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(":");
}

/** The plain text, or null when it was sealed with another key or changed (GCM refuses it). */
export function open(sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split(":");
  if (version !== VERSION || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", studioKey(), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
