// A post fingerprint's stored form (decision 074): its parts as canonical JSON and their SHA-256.
import { createHash } from "node:crypto";
import { canonicalJson, type FingerprintParts } from "~/domain/channels/post-fingerprint";

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

/** A media file's part of the fingerprint: the SHA-256 of its bytes. */
export const mediaHash = (bytes: Buffer) => sha256(bytes);

export function storedFingerprint(parts: FingerprintParts): { parts: string; hash: string } {
  const json = canonicalJson(parts);
  return { parts: json, hash: sha256(json) };
}
