import { prisma } from "~/db/db.server";

/** What the browser may see: never the webhook URL or its secret, only whether one is set and its host. */
export async function listIntegrationsForDisplay() {
  const rows = await prisma.integration.findMany({
    select: { id: true, name: true, connected: true, handle: true, connectedAt: true, webhookUrl: true, webhookSecret: true },
    orderBy: { name: "asc" },
  });
  return rows.map(({ webhookUrl, webhookSecret, connectedAt, ...rest }) => ({
    ...rest,
    connectedAt: connectedAt?.toISOString() ?? null,
    webhookHost: webhookUrl ? new URL(webhookUrl).host : null,
    hasSecret: !!webhookSecret,
  }));
}

export type IntegrationChange = { ok: true } | { ok: false; kind: "not-found" | "conflict"; error: string };

async function current(id: string) {
  return prisma.integration.findUnique({ where: { id }, select: { name: true, connected: true } });
}

export async function connectIntegration(
  id: string,
  input: { handle: string; webhookUrl: string | null; webhookSecret: string | null },
  userId: string,
  now = new Date(),
): Promise<IntegrationChange> {
  const row = await current(id);
  if (!row) return { ok: false, kind: "not-found", error: "That platform is not offered." };
  if (row.connected)
    return { ok: false, kind: "conflict", error: `${row.name} is already connected. Disconnect it first to change the account.` };
  await prisma.integration.update({ where: { id }, data: { ...input, connected: true, connectedAt: now, connectedById: userId } });
  return { ok: true };
}

export async function disconnectIntegration(id: string): Promise<IntegrationChange> {
  const row = await current(id);
  if (!row) return { ok: false, kind: "not-found", error: "That platform is not offered." };
  if (!row.connected) return { ok: false, kind: "conflict", error: `${row.name} is not connected.` };
  await prisma.integration.update({
    where: { id },
    data: { connected: false, handle: null, webhookUrl: null, webhookSecret: null, connectedAt: null, connectedById: null },
  });
  return { ok: true };
}

/** Everything a publisher needs, secrets included: server-side use only. */
export function publisherTargets() {
  return prisma.integration.findMany({
    where: { connected: true },
    select: { id: true, name: true, handle: true, webhookUrl: true, webhookSecret: true },
  });
}
