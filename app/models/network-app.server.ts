// The team's developer apps per network and the OAuth attempts under way. Secrets are sealed with
// the studio's key before they reach the database and opened only here, on the server (decision 042).
import { networkInWorkspace } from "~/db/workspace-keys.server";
import { prisma } from "~/db/db.server";
import { open, seal } from "~/crypto/secret-box.server";

export async function saveNetworkApp(network: string, input: { clientId: string; clientSecret: string | null }, userId: string) {
  const existing = await prisma.networkApp.findUnique({ where: networkInWorkspace(network), select: { clientSecretEnc: true } });
  // A blank secret keeps the one saved before (the form never shows it again).
  const clientSecretEnc = input.clientSecret ? seal(input.clientSecret) : existing?.clientSecretEnc;
  if (!clientSecretEnc) return { ok: false as const, field: "clientSecret", error: "Enter the app's client secret." };
  await prisma.networkApp.upsert({
    where: networkInWorkspace(network),
    create: { network, clientId: input.clientId, clientSecretEnc, updatedById: userId },
    update: { clientId: input.clientId, clientSecretEnc, updatedById: userId },
  });
  return { ok: true as const };
}

/** The app the studio registered on a Mastodon instance (the instance answered with its id and secret). */
export async function saveRegisteredApp(
  network: string,
  input: { instanceUrl: string; redirectUri: string; clientId: string; clientSecret: string },
  userId: string,
) {
  const data = {
    clientId: input.clientId,
    clientSecretEnc: seal(input.clientSecret),
    instanceUrl: input.instanceUrl,
    redirectUri: input.redirectUri,
    updatedById: userId,
  };
  await prisma.networkApp.upsert({ where: networkInWorkspace(network), create: { network, ...data }, update: data });
}

/** What a page may show: the client id (public by design), the instance and when it was saved; never the secret. */
export async function networkAppsForDisplay() {
  const rows = await prisma.networkApp.findMany({ select: { network: true, clientId: true, instanceUrl: true, updatedAt: true } });
  return Object.fromEntries(
    rows.map((r) => [r.network, { clientId: r.clientId, instanceUrl: r.instanceUrl, updatedAt: r.updatedAt.toISOString() }]),
  );
}

export async function networkAppCredentials(network: string) {
  const row = await prisma.networkApp.findUnique({
    where: networkInWorkspace(network),
    select: { clientId: true, clientSecretEnc: true, instanceUrl: true, redirectUri: true },
  });
  const clientSecret = row ? open(row.clientSecretEnc) : null;
  return row && clientSecret ? { clientId: row.clientId, clientSecret, instanceUrl: row.instanceUrl, redirectUri: row.redirectUri } : null;
}

/** The Mastodon instance the studio is registered on, if any (its consent page must be allowed by CSP). */
export async function registeredInstance(network: string): Promise<string | null> {
  const row = await prisma.networkApp.findUnique({ where: networkInWorkspace(network), select: { instanceUrl: true } });
  return row?.instanceUrl ?? null;
}

export async function createOAuthAttempt(input: {
  state: string;
  network: string;
  sessionId: string;
  userId: string;
  verifier: string;
  expiresAt: Date;
}) {
  const { verifier, ...rest } = input;
  await prisma.oAuthAttempt.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  await prisma.oAuthAttempt.create({ data: { ...rest, verifierEnc: seal(verifier) } });
}

/** The attempt for this state, removed as it is read: a state works once. */
export async function takeOAuthAttempt(state: string) {
  const row = await prisma.oAuthAttempt.findUnique({ where: { state } });
  if (!row) return null;
  const removed = await prisma.oAuthAttempt.deleteMany({ where: { state } });
  if (removed.count === 0) return null;
  const verifier = open(row.verifierEnc);
  return verifier ? { ...row, verifier } : null;
}

/** One account a member may connect after a network's consent page, with its tokens (sealed as a whole at rest). */
export interface StoredChoice {
  account: { id: string; handle: string };
  /** Facebook and Instagram: Meta's id of the person choosing (absent in choices saved before issue 36). */
  networkUserId?: string | null;
  tokens: { accessToken: string; refreshToken: string | null; expiresAt: string | null };
}

/** The accounts this session may choose from for the network (one pending choice per network and session). */
export async function saveAccountChoice(input: {
  network: string;
  sessionId: string;
  userId: string;
  choices: StoredChoice[];
  expiresAt: Date;
}) {
  const { choices, ...rest } = input;
  const accountsEnc = seal(JSON.stringify(choices));
  await prisma.networkAccountChoice.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  await prisma.networkAccountChoice.upsert({
    where: { network_sessionId: { network: input.network, sessionId: input.sessionId } },
    create: { ...rest, accountsEnc },
    update: { ...rest, accountsEnc, createdAt: new Date() },
  });
}

function openChoices(accountsEnc: string): StoredChoice[] {
  const opened = open(accountsEnc);
  return opened ? (JSON.parse(opened) as StoredChoice[]) : [];
}

/** What the page shows this session: each pending network's accounts, names and ids only (no token). */
export async function accountChoicesForDisplay(sessionId: string, now = new Date()) {
  const rows = await prisma.networkAccountChoice.findMany({ where: { sessionId, expiresAt: { gt: now } } });
  return Object.fromEntries(rows.map((r) => [r.network, openChoices(r.accountsEnc).map((c) => c.account)]));
}

/**
 * The chosen account from this session's pending choice, removing the choice (it works once).
 * "expired" when there is none or it is past its time; "unknown" when the account is not one offered (kept).
 */
export async function takeAccountChoice(
  network: string,
  sessionId: string,
  accountId: string,
  now = new Date(),
): Promise<StoredChoice | "expired" | "unknown"> {
  const row = await prisma.networkAccountChoice.findUnique({ where: { network_sessionId: { network, sessionId } } });
  if (!row || row.expiresAt <= now) return "expired";
  const chosen = openChoices(row.accountsEnc).find((c) => c.account.id === accountId);
  if (!chosen) return "unknown";
  const removed = await prisma.networkAccountChoice.deleteMany({ where: { network, sessionId } });
  return removed.count === 0 ? "expired" : chosen;
}

/** Removes the pending choices (and the tokens sealed in them) that this person on the network was offered. */
export async function forgetAccountChoicesOf(networks: string[], networkUserId: string): Promise<number> {
  const rows = await prisma.networkAccountChoice.findMany({ where: { network: { in: networks } } });
  const theirs = rows.filter((r) => openChoices(r.accountsEnc).some((c) => c.networkUserId === networkUserId));
  for (const r of theirs) await prisma.networkAccountChoice.deleteMany({ where: { network: r.network, sessionId: r.sessionId } });
  return theirs.length;
}
