import path from "node:path";
import { dataDirectory } from "~/db/db-settings.server";
import { isPostgresUrl } from "~/db/engine.server";

/**
 * The line the server logs once it listens, with the Node it runs on (decision 037): the address people
 * open (STUDIO_URL when set), and where this process listens when that differs.
 */
export function listeningLine(url: string, env: Record<string, string | undefined> = process.env): string {
  const open = env.STUDIO_URL?.trim().replace(/\/+$/, "") || url;
  const where = open === url ? "" : `, listening on ${url}`;
  return `Content Studio on ${open} (${env.NODE_ENV ?? "development"}, Node ${process.version}${where})`;
}

/**
 * Printed at start-up on PostgreSQL without STUDIO_SECRET_KEY: each replica would seal network tokens
 * and app secrets with a key file of its own, which the others cannot open (decision 042).
 */
export function sharedKeyWarning(env: Record<string, string | undefined> = process.env): string | null {
  const url = env.DATABASE_URL ?? "file:./prisma/dev.db";
  if (!isPostgresUrl(url) || env.STUDIO_SECRET_KEY?.trim()) return null;
  const file = path.join(dataDirectory(url), "studio-secret.key");
  return `STUDIO_SECRET_KEY is not set: this replica seals network tokens and app secrets with ${file}, which other replicas cannot open. Give every replica the same long random STUDIO_SECRET_KEY.`;
}
