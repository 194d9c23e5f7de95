import { idInWorkspace } from "~/db/workspace-keys.server";
import { open, seal } from "~/crypto/secret-box.server";
import { prisma } from "~/db/db.server";
import { connectionKind, connectionLabel } from "~/domain/channels/connection-state";
import { connectionSubject, resolveNotificationsAbout } from "./notification.server";

/** What the browser may see: never a webhook URL, secret or token; only what is set, the host and the state's words. */
export async function listIntegrationsForDisplay(now = new Date()) {
  const rows = await prisma.integration.findMany({
    select: {
      id: true,
      name: true,
      connected: true,
      handle: true,
      connectedAt: true,
      webhookUrl: true,
      webhookSecret: true,
      accessTokenEnc: true,
      tokenExpiresAt: true,
      reconnectReason: true,
    },
    orderBy: { name: "asc" },
  });
  return rows.map(({ webhookUrl, webhookSecret, connectedAt, accessTokenEnc, tokenExpiresAt, ...rest }) => {
    const facts = {
      ...rest,
      hasToken: !!accessTokenEnc,
      tokenExpiresAt,
      webhookHost: webhookUrl ? new URL(webhookUrl).host : null,
      hasSecret: !!webhookSecret,
    };
    return {
      id: rest.id,
      name: rest.name,
      connected: rest.connected,
      handle: rest.handle,
      connectedAt: connectedAt?.toISOString() ?? null,
      webhookHost: facts.webhookHost,
      hasSecret: facts.hasSecret,
      kind: connectionKind(facts),
      state: connectionLabel(facts, now),
    };
  });
}

export type IntegrationChange = { ok: true } | { ok: false; kind: "not-found" | "conflict"; error: string };

async function current(id: string) {
  return prisma.integration.findUnique({ where: idInWorkspace(id), select: { name: true, connected: true } });
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
  await prisma.integration.update({
    where: idInWorkspace(id),
    data: { ...input, connected: true, connectedAt: now, connectedById: userId },
  });
  return { ok: true };
}

/**
 * A connected platform's webhook moves to a new address: the secret, the account and every channel
 * post stay. A native connection posts with its token and has no webhook to change. Answers the old host.
 */
export async function changeWebhookUrl(id: string, webhookUrl: string): Promise<IntegrationChange & { oldHost?: string | null }> {
  const row = await prisma.integration.findUnique({
    where: idInWorkspace(id),
    select: { name: true, connected: true, webhookUrl: true, accessTokenEnc: true },
  });
  if (!row) return { ok: false, kind: "not-found", error: "That platform is not offered." };
  if (!row.connected) return { ok: false, kind: "conflict", error: `${row.name} is not connected. Connect it with the webhook URL.` };
  if (row.accessTokenEnc)
    return { ok: false, kind: "conflict", error: `${row.name} posts through its own connection; it has no webhook to change.` };
  await prisma.integration.update({ where: idInWorkspace(id), data: { webhookUrl } });
  return { ok: true, oldHost: row.webhookUrl ? new URL(row.webhookUrl).host : null };
}

export async function disconnectIntegration(id: string): Promise<IntegrationChange> {
  const row = await current(id);
  if (!row) return { ok: false, kind: "not-found", error: "That platform is not offered." };
  if (!row.connected) return { ok: false, kind: "conflict", error: `${row.name} is not connected.` };
  // No longer connected, so no longer "needs reconnecting": the bell's notice goes with it.
  await prisma.$transaction([
    resolveNotificationsAbout(connectionSubject(id)),
    prisma.integration.update({
      where: idInWorkspace(id),
      data: {
        connected: false,
        handle: null,
        webhookUrl: null,
        webhookSecret: null,
        connectedAt: null,
        connectedById: null,
        accessTokenEnc: null,
        refreshTokenEnc: null,
        tokenExpiresAt: null,
        accountId: null,
        reconnectReason: null,
        serviceUrl: null,
        networkUserId: null,
      },
    }),
  ]);
  return { ok: true };
}

/** A native connection: tokens sealed, the account, connected, and any earlier reason to reconnect cleared. */
export async function saveConnection(
  id: string,
  input: {
    accessToken: string;
    refreshToken: string | null;
    expiresAt: Date | null;
    accountId: string;
    handle: string;
    /** Mastodon's instance or Bluesky's service. */
    serviceUrl?: string | null;
    /** Facebook and Instagram: Meta's id of the person who connected, when Meta said it; Threads: the account's id. */
    networkUserId?: string | null;
  },
  userId: string,
  now = new Date(),
) {
  // The reason to reconnect and the bell's "needs reconnecting" are cleared together (issue 56).
  await prisma.$transaction([
    resolveNotificationsAbout(connectionSubject(id), now),
    prisma.integration.update({
      where: idInWorkspace(id),
      data: {
        connected: true,
        handle: input.handle,
        accountId: input.accountId,
        accessTokenEnc: seal(input.accessToken),
        refreshTokenEnc: input.refreshToken ? seal(input.refreshToken) : null,
        tokenExpiresAt: input.expiresAt,
        serviceUrl: input.serviceUrl ?? null,
        networkUserId: input.networkUserId ?? null,
        reconnectReason: null,
        connectedAt: now,
        connectedById: userId,
      },
    }),
  ]);
}

/** New tokens from a refresh; a network that sends no new refresh token keeps the old one. */
export async function saveRefreshedTokens(id: string, input: { accessToken: string; refreshToken: string | null; expiresAt: Date | null }) {
  await prisma.integration.update({
    where: idInWorkspace(id),
    data: {
      accessTokenEnc: seal(input.accessToken),
      ...(input.refreshToken ? { refreshTokenEnc: seal(input.refreshToken) } : {}),
      tokenExpiresAt: input.expiresAt,
    },
  });
}

/** The connection's tokens, opened; null when it has none (or they no longer open with this key). */
export async function connectionTokens(id: string) {
  const row = await prisma.integration.findUnique({
    where: idInWorkspace(id),
    select: {
      accessTokenEnc: true,
      refreshTokenEnc: true,
      tokenExpiresAt: true,
      accountId: true,
      handle: true,
      reconnectReason: true,
      serviceUrl: true,
    },
  });
  const accessToken = row?.accessTokenEnc ? open(row.accessTokenEnc) : null;
  if (!row || !accessToken) return null;
  return {
    accessToken,
    refreshToken: row.refreshTokenEnc ? open(row.refreshTokenEnc) : null,
    expiresAt: row.tokenExpiresAt,
    account: { id: row.accountId ?? "", handle: row.handle ?? "", service: row.serviceUrl },
    reconnectReason: row.reconnectReason,
  };
}

/** The network said the access token ran out before its time: the next use renews it first. */
export async function expireAccessToken(id: string, now = new Date()) {
  await prisma.integration.update({ where: idInWorkspace(id), data: { tokenExpiresAt: now } });
}

/** Returns true when this call set the reason (so only one caller tells the Admins). */
export async function markNeedsReconnect(id: string, reason: string): Promise<boolean> {
  const changed = await prisma.integration.updateMany({ where: { id, reconnectReason: null }, data: { reconnectReason: reason } });
  return changed.count > 0;
}

/** Native connections whose access token runs out before `before` and that can be refreshed. */
export function connectionsExpiringBefore(before: Date) {
  return prisma.integration.findMany({
    where: { connected: true, reconnectReason: null, refreshTokenEnc: { not: null }, tokenExpiresAt: { lte: before } },
    select: { id: true, tokenExpiresAt: true },
  });
}

/** Why each held channel waits: its connection's reason to reconnect. */
export async function reconnectReasons(): Promise<Map<string, string>> {
  const rows = await prisma.integration.findMany({
    where: { reconnectReason: { not: null } },
    select: { id: true, name: true, reconnectReason: true },
  });
  return new Map(
    rows.map((r) => [r.id, `${r.name} needs reconnecting (${r.reconnectReason}). An Admin reconnects it in Settings › Integrations.`]),
  );
}

/** The connections among `ids` that this person on the network connected (Meta's and Threads' callbacks). */
export async function connectionsOfNetworkUser(ids: string[], networkUserId: string): Promise<string[]> {
  const rows = await prisma.integration.findMany({ where: { id: { in: ids }, networkUserId }, select: { id: true } });
  return rows.map((r) => r.id);
}

/**
 * The person asked the network to delete their data: the connection's tokens and account details go.
 * It stays connected with its reason to reconnect, so the channel shows "Needs reconnecting" and holds its posts.
 */
export async function forgetConnectionSecrets(id: string) {
  await prisma.integration.update({
    where: idInWorkspace(id),
    data: {
      accessTokenEnc: null,
      refreshTokenEnc: null,
      tokenExpiresAt: null,
      accountId: null,
      handle: null,
      serviceUrl: null,
      networkUserId: null,
    },
  });
}
