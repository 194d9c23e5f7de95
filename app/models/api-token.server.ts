// Bearer tokens for the metrics API. The token is shown once; only its SHA-256 is stored, and the
// prefix (its first characters) names it in lists.
import { createHash, randomBytes } from "node:crypto";
import { prisma } from "~/db/db.server";
import { open, seal } from "~/crypto/secret-box.server";
import { createInTransaction, recordClaim } from "~/models/idempotency.server";
import { refusal, type Refusal } from "~/domain/reply";
import { acrossWorkspaces, enterWorkspace } from "~/db/workspace-scope.server";

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

export async function createApiToken(name: string, createdById: string): Promise<{ token: string; prefix: string; id: string }> {
  const prefix = `cs_${randomBytes(4).toString("hex")}`;
  const token = `${prefix}_${randomBytes(24).toString("base64url")}`;
  // With an idempotency key pending, the token is kept sealed beside it, so a retry shows the same token (decision 064).
  const { id } = await createInTransaction(async (tx) => {
    const made = await tx.apiToken.create({ data: { name, prefix, tokenHash: hashOf(token), createdById }, select: { id: true } });
    await recordClaim(tx, `${made.id} ${seal(token)}`);
    return made;
  });
  return { token, prefix, id };
}

/** The token a retried create answers with, from what its key recorded; null if it cannot be opened. */
export function tokenMadeBefore(claimed: string): { token: string; prefix: string } | null {
  const token = open(claimed.split(" ")[1] ?? "");
  return token ? { token, prefix: token.split("_").slice(0, 2).join("_") } : null;
}

export async function listApiTokens() {
  const rows = await prisma.apiToken.findMany({
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true },
  });
  return rows;
}

export async function revokeApiToken(id: string): Promise<{ ok: true; name: string; prefix: string } | Refusal> {
  const { count } = await prisma.apiToken.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
  const token = count ? await prisma.apiToken.findUnique({ where: { id }, select: { name: true, prefix: true } }) : null;
  return token ? { ok: true, ...token } : refusal("not-found", "That token does not exist or is already revoked.");
}

/** The live token a bearer header names; null for a missing, wrong or revoked one. */
export async function authenticateApiToken(header: string | null): Promise<{ id: string; name: string; prefix: string } | null> {
  const token = /^Bearer\s+(\S{10,200})$/i.exec(header ?? "")?.[1];
  if (!token) return null;
  // From any workspace; a live token's request then works in the token's (decision 073).
  const row = await acrossWorkspaces(() =>
    prisma.apiToken.findUnique({
      where: { tokenHash: hashOf(token) },
      select: { id: true, workspaceId: true, name: true, prefix: true, revokedAt: true },
    }),
  );
  if (!row || row.revokedAt) return null;
  enterWorkspace(row.workspaceId);
  return { id: row.id, name: row.name, prefix: row.prefix };
}

/** Notes a token's use, after a request it made was stored (a refused one changes nothing). */
export async function touchApiToken(id: string) {
  await prisma.apiToken.update({ where: { id }, data: { lastUsedAt: new Date() } });
}
