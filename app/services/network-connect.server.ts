// Connecting a network with the team's own developer app: OAuth 2 with PKCE and a state bound to the
// member's session (oauth4webapi), and keeping the token fresh (decision 042). Mastodon registers
// its app on the instance the Admin types; Bluesky signs in with an app password (decision 045).
import * as oauth from "oauth4webapi";
import { ADAPTERS } from "~/adapters/networks/index.server";
import {
  allowMastodonConsent,
  appNetworkOf,
  CALLBACK_PATH,
  isNativeNetwork,
  type NativeNetwork,
} from "~/adapters/networks/endpoints.server";
import { NetworkError } from "~/adapters/networks/network-http.server";
import type { Choice, OAuthSetup, Tokens } from "~/adapters/networks/types";
import { CHANNEL_LABELS } from "~/domain/channels/network-limits";
import { connectionTokens, markNeedsReconnect, saveConnection, saveRefreshedTokens } from "~/models/integration.server";
import {
  createOAuthAttempt,
  networkAppCredentials,
  registeredInstance,
  saveAccountChoice,
  saveRegisteredApp,
  takeAccountChoice,
  takeOAuthAttempt,
} from "~/models/network-app.server";
import { registerMastodonApp } from "~/adapters/networks/mastodon.server";
import { createBlueskySession } from "~/adapters/networks/bluesky.server";
import { metaPersonId } from "~/adapters/networks/meta-person.server";
import { connectionSubject, notify } from "~/models/notification.server";
import { SYSTEM_ACTOR, memberActor } from "~/domain/audit";
import { recordAudit } from "~/models/audit.server";
import { studioOrigin } from "~/web/public-url.server";
import { outbound } from "~/adapters/outbound-fetch.server";

const ATTEMPT_MS = 10 * 60_000;
/** A token this close to its end is refreshed before it is used. */
export const REFRESH_MARGIN_MS = 10 * 60_000;

export const redirectUri = () => `${studioOrigin()}${CALLBACK_PATH}`;

type Refusal = { ok: false; kind: "not-found" | "conflict" | "invalid"; error: string };

function server(setup: OAuthSetup, service: string | null): oauth.AuthorizationServer {
  return {
    issuer: new URL(setup.authorizeUrl(service)).origin,
    authorization_endpoint: setup.authorizeUrl(service),
    token_endpoint: setup.tokenUrl(service),
  };
}

function clientAuthOf(setup: OAuthSetup, secret: string): oauth.ClientAuth {
  return setup.clientAuth === "basic" ? oauth.ClientSecretBasic(secret) : oauth.ClientSecretPost(secret);
}

/**
 * LinkedIn's token answer has no token_type, which OAuth 2 requires and oauth4webapi checks; its
 * tokens are bearer tokens, so the missing field is filled in before the answer is read.
 */
function withTokenType(): typeof fetch {
  return async (input, init) => {
    const response = await outbound()(input, init);
    if (!response.ok || !response.headers.get("content-type")?.includes("json")) return response;
    const body = (await response.json()) as Record<string, unknown>;
    if (typeof body.access_token === "string" && body.token_type === undefined) body.token_type = "bearer";
    return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
  };
}

// Plain http only where the base was set to it (fake networks on loopback, a LAN proxy).
const requestOptions = (setup: OAuthSetup, service: string | null) => ({
  [oauth.allowInsecureRequests]: new URL(setup.tokenUrl(service)).protocol === "http:",
  [oauth.customFetch]: withTokenType(),
});

/** The OAuth side of a network and, for Mastodon, the instance its app is registered on. */
function oauthOf(network: NativeNetwork, app: { instanceUrl: string | null }) {
  const setup = ADAPTERS[network].oauth;
  if (!setup) return null;
  return { setup, service: network === "mastodon" ? app.instanceUrl : null };
}

/** The address of the network's consent page for this member's session, or why not. */
export async function startConnect(
  network: string,
  member: { id: string; sessionId: string },
  now = new Date(),
  options: { organisations?: boolean } = {},
): Promise<{ ok: true; url: string } | Refusal> {
  if (!isNativeNetwork(network) || !ADAPTERS[network].oauth)
    return { ok: false, kind: "not-found", error: "The studio cannot connect to that network this way." };
  const app = await networkAppCredentials(appNetworkOf(network));
  if (!app)
    return {
      ok: false,
      kind: "conflict",
      error:
        network === "mastodon"
          ? "Enter your Mastodon instance first; the studio registers itself there."
          : network === "instagram"
            ? "Enter your Meta app's id and secret under Facebook first; Instagram connects through the same app."
            : `Enter your ${CHANNEL_LABELS[network]} app's client id and secret first.`,
    };
  if (network === "mastodon" && app.redirectUri !== redirectUri())
    return {
      ok: false,
      kind: "conflict",
      error: "The studio's address changed since it registered on your instance. Enter the instance again to register anew.",
    };
  const { setup, service } = oauthOf(network, app)!;
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  await createOAuthAttempt({
    state,
    network,
    sessionId: member.sessionId,
    userId: member.id,
    verifier,
    expiresAt: new Date(now.getTime() + ATTEMPT_MS),
  });
  const url = new URL(setup.authorizeUrl(service));
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: app.clientId,
    redirect_uri: redirectUri(),
    scope: [...setup.scopes, ...(options.organisations ? (setup.organisationScopes ?? []) : [])].join(setup.scopeSeparator ?? " "),
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  }).toString();
  return { ok: true, url: url.toString() };
}

const expiry = (seconds: number | undefined, now: Date) => (seconds ? new Date(now.getTime() + seconds * 1000) : null);

/** What a callback ends in: connected, a choice of accounts to make, or a refusal. */
type Finished = { ok: true; network: NativeNetwork; handle: string } | { ok: true; network: NativeNetwork; choose: number } | Refusal;

/**
 * The network sent the member back: check the state belongs to this session, trade the code (for a
 * long-lived token where the network has one), and learn the accounts it may post as. One is
 * connected at once; several wait, sealed and bound to the session, for the member to choose.
 */
export async function finishConnect(
  callback: URL,
  member: { id: string; sessionId: string; name: string },
  now = new Date(),
): Promise<Finished> {
  const state = callback.searchParams.get("state") ?? "";
  const attempt = state ? await takeOAuthAttempt(state) : null;
  if (!attempt || attempt.sessionId !== member.sessionId || attempt.expiresAt <= now || !isNativeNetwork(attempt.network))
    return { ok: false, kind: "invalid", error: "That sign-in link is not from this session or has expired. Press Connect again." };
  const network = attempt.network;
  const label = CHANNEL_LABELS[network];
  const app = await networkAppCredentials(appNetworkOf(network));
  if (!app) return { ok: false, kind: "conflict", error: `The ${label} app's credentials were removed meanwhile.` };
  const flow = oauthOf(network, app);
  if (!flow) return { ok: false, kind: "invalid", error: `${label} does not connect through a sign-in page.` };
  const { setup, service } = flow;
  const as = server(setup, service);
  const client: oauth.Client = { client_id: app.clientId };
  try {
    const params = oauth.validateAuthResponse(as, client, callback, state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      clientAuthOf(setup, app.clientSecret),
      params,
      redirectUri(),
      attempt.verifier,
      requestOptions(setup, service),
    );
    const granted = await oauth.processAuthorizationCodeResponse(as, client, response);
    const short: Tokens = {
      accessToken: granted.access_token,
      refreshToken: granted.refresh_token ?? null,
      expiresAt: expiry(granted.expires_in, now),
    };
    const tokens = setup.longLived ? await setup.longLived(short, app) : short;
    const choices = await choicesOf(network, tokens, service);
    const networkUserId = await personOf(network, tokens, choices);
    if (choices.length === 0) return { ok: false, kind: "conflict", error: NOTHING_TO_POST_AS[network] ?? `${label} offered no account.` };
    if (choices.length > 1) {
      await saveAccountChoice({
        network,
        sessionId: member.sessionId,
        userId: member.id,
        choices: choices.map((c) => ({
          account: c.account,
          networkUserId,
          tokens: { ...c.tokens, expiresAt: c.tokens.expiresAt?.toISOString() ?? null },
        })),
        expiresAt: new Date(now.getTime() + ATTEMPT_MS),
      });
      return { ok: true, network, choose: choices.length };
    }
    const [only] = choices;
    await connectAs(network, only, service, member, now, networkUserId);
    return { ok: true, network, handle: only.account.handle };
  } catch (error) {
    return { ok: false, kind: "invalid", error: `${label} did not connect: ${oauthReason(error)}` };
  }
}

/** Why a network has nothing to connect: the member manages no Page, no Instagram account is linked. */
const NOTHING_TO_POST_AS: Partial<Record<NativeNetwork, string>> = {
  facebook:
    "Facebook connected no Page: the account you signed in with manages none, or none was allowed on Facebook's page. Connect again and choose the Page there.",
  instagram:
    "Instagram connected no account: none of the Pages you allowed has an Instagram professional account linked. Link one to a Page in Meta Business Suite, then connect again.",
};

/** The accounts the token may post as: the adapter's list, or the one account the token belongs to. */
async function choicesOf(network: NativeNetwork, tokens: Tokens, service: string | null): Promise<Choice[]> {
  const adapter = ADAPTERS[network];
  if (adapter.accounts) return adapter.accounts(tokens);
  if (!adapter.account) return [];
  return [{ account: await adapter.account(tokens.accessToken, service), tokens }];
}

/**
 * Facebook and Instagram: Meta's id of the person the user token belongs to, kept so Meta's deauthorize
 * and data deletion callbacks find their connections (issue 36). Null if Meta does not say: the
 * connection still works, but those callbacks cannot match it. Threads: the account is the person, and
 * its id is the one Threads' uninstall and delete callbacks name.
 */
async function personOf(network: NativeNetwork, tokens: Tokens, choices: Choice[]): Promise<string | null> {
  if (network === "threads") return choices.length === 1 ? choices[0].account.id : null;
  if (appNetworkOf(network) !== "facebook") return null;
  return metaPersonId(tokens.accessToken).catch(() => null);
}

async function connectAs(
  network: NativeNetwork,
  chosen: Choice,
  service: string | null,
  member: { id: string; name: string },
  now: Date,
  networkUserId: string | null = null,
) {
  await saveConnection(
    network,
    { ...chosen.tokens, accountId: chosen.account.id, handle: chosen.account.handle, serviceUrl: service, networkUserId },
    member.id,
    now,
  );
  await recordAudit(
    { actor: memberActor(member), action: "connection.made", object: connectionObject(network), after: { account: chosen.account.handle } },
    undefined,
    now,
  );
}

/** The member chose one of the accounts the consent page offered (a Page, an Instagram account, an organisation). */
export async function chooseAccount(
  network: string,
  accountId: string,
  member: { id: string; sessionId: string; name: string },
  now = new Date(),
): Promise<{ ok: true; handle: string } | Refusal> {
  if (!isNativeNetwork(network)) return { ok: false, kind: "not-found", error: "The studio cannot connect to that network this way." };
  const chosen = await takeAccountChoice(network, member.sessionId, accountId, now);
  if (chosen === "expired")
    return { ok: false, kind: "conflict", error: `The choice of ${CHANNEL_LABELS[network]} accounts has expired. Press Connect again.` };
  if (chosen === "unknown") return { ok: false, kind: "invalid", error: "Choose one of the accounts listed." };
  const tokens = { ...chosen.tokens, expiresAt: chosen.tokens.expiresAt ? new Date(chosen.tokens.expiresAt) : null };
  await connectAs(network, { account: chosen.account, tokens }, null, member, now, chosen.networkUserId ?? null);
  return { ok: true, handle: chosen.account.handle };
}

function oauthReason(error: unknown): string {
  if (error instanceof oauth.AuthorizationResponseError) return error.error_description ?? error.error;
  if (error instanceof oauth.ResponseBodyError) return error.error_description ?? error.error;
  if (error instanceof NetworkError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

export const connectionObject = (network: NativeNetwork) => ({ type: "connection", id: network, title: CHANNEL_LABELS[network] });

/** A refresh the network refused for good (revoked, expired refresh token): the channel waits for a person. */
async function needsReconnect(network: NativeNetwork, reason: string) {
  if (!(await markNeedsReconnect(network, reason))) return;
  await recordAudit({ actor: SYSTEM_ACTOR, action: "connection.lost", object: connectionObject(network), after: { reason } });
  await notify("publishing_problem", {
    actorId: "system",
    message: `${CHANNEL_LABELS[network]} needs reconnecting: ${reason}. Its posts wait until an Admin connects it again.`,
    subject: connectionSubject(network),
  });
}

/**
 * The access token to post with, refreshed first when it ends within the margin. Null (and the
 * channel marked "Needs reconnecting", the Admins told) when the network refuses the refresh.
 */
export async function freshAccessToken(network: NativeNetwork, now = new Date()) {
  const tokens = await connectionTokens(network);
  if (!tokens || tokens.reconnectReason) return null;
  const margin = ADAPTERS[network].renewBeforeMs ?? REFRESH_MARGIN_MS;
  const due = tokens.expiresAt && tokens.expiresAt.getTime() - now.getTime() <= margin;
  if (!due) return { token: tokens.accessToken, account: tokens.account };
  if (!tokens.refreshToken) {
    await needsReconnect(network, "its access ran out and the network gives no way to renew it");
    return null;
  }
  const renew = ADAPTERS[network].refresh;
  if (renew) return renewSession(network, renew, tokens);
  const app = await networkAppCredentials(appNetworkOf(network));
  const flow = app ? oauthOf(network, app) : null;
  if (!app || !flow) {
    await needsReconnect(network, "the app's credentials are missing");
    return null;
  }
  const as = server(flow.setup, tokens.account.service ?? flow.service);
  const client: oauth.Client = { client_id: app.clientId };
  try {
    const response = await oauth.refreshTokenGrantRequest(
      as,
      client,
      clientAuthOf(flow.setup, app.clientSecret),
      tokens.refreshToken,
      requestOptions(flow.setup, tokens.account.service ?? flow.service),
    );
    const fresh = await oauth.processRefreshTokenResponse(as, client, response);
    await saveRefreshedTokens(network, {
      accessToken: fresh.access_token,
      refreshToken: fresh.refresh_token ?? null,
      expiresAt: expiry(fresh.expires_in, now),
    });
    await recordAudit({ actor: SYSTEM_ACTOR, action: "connection.refreshed", object: connectionObject(network) }, undefined, now);
    return { token: fresh.access_token, account: tokens.account };
  } catch (error) {
    // The network answered with a refusal: only a person can fix that. No answer: try again later.
    if (error instanceof oauth.ResponseBodyError) {
      await needsReconnect(network, `the network refused to renew access (${oauthReason(error)})`);
      return null;
    }
    throw new NetworkError({ kind: "temporary", message: `${CHANNEL_LABELS[network]} could not renew access (${oauthReason(error)})` });
  }
}

type Renew = NonNullable<(typeof ADAPTERS)[NativeNetwork]["refresh"]>;
type Stored = NonNullable<Awaited<ReturnType<typeof connectionTokens>>>;

/** Bluesky's own renewal (refreshSession): refused for good means reconnecting; no answer means later. */
async function renewSession(network: NativeNetwork, renew: Renew, tokens: Stored) {
  const label = CHANNEL_LABELS[network];
  if (!tokens.refreshToken) {
    await needsReconnect(network, "its session ran out and there is nothing to renew it with");
    return null;
  }
  try {
    const fresh = await renew(tokens.refreshToken, tokens.account.service);
    await saveRefreshedTokens(network, fresh);
    return { token: fresh.accessToken, account: tokens.account };
  } catch (error) {
    if (error instanceof NetworkError && error.failure.kind !== "temporary" && error.failure.kind !== "rate-limited") {
      await needsReconnect(network, `the network refused to renew the session (${error.message})`);
      return null;
    }
    if (error instanceof NetworkError && error.tokenExpired) {
      await needsReconnect(network, "its session ran out; sign in again with an app password");
      return null;
    }
    throw error instanceof NetworkError ? error : new NetworkError({ kind: "temporary", message: `${label} could not renew the session` });
  }
}

/** Registers the studio as an app on the Mastodon instance the Admin typed (POST /api/v1/apps) and keeps its secret sealed. */
export async function registerMastodon(
  instance: string,
  userId: string,
): Promise<{ ok: true; instance: string } | { ok: false; error: string }> {
  try {
    const website = studioOrigin().startsWith("https://") ? studioOrigin() : null;
    const app = await registerMastodonApp(instance, { name: "Content studio", redirectUri: redirectUri(), website });
    await saveRegisteredApp("mastodon", { instanceUrl: instance, redirectUri: redirectUri(), ...app }, userId);
    allowMastodonConsent(instance);
    return { ok: true, instance };
  } catch (error) {
    const reason = error instanceof NetworkError ? (error.said ?? error.message) : oauthReason(error);
    return { ok: false, error: `The instance did not register the studio: ${reason}` };
  }
}

/** Signs in to Bluesky with a handle and an app password; the tokens are kept sealed, the password is not kept. */
export async function connectBluesky(
  input: { service: string; handle: string; appPassword: string },
  userId: string,
  now = new Date(),
): Promise<{ ok: true; handle: string } | { ok: false; error: string }> {
  try {
    const { tokens, account } = await createBlueskySession(input.service, input.handle, input.appPassword);
    await saveConnection("bluesky", { ...tokens, accountId: account.id, handle: account.handle, serviceUrl: input.service }, userId, now);
    return { ok: true, handle: account.handle };
  } catch (error) {
    const reason = error instanceof NetworkError ? (error.said ?? error.message) : oauthReason(error);
    return { ok: false, error: `Bluesky did not connect: ${reason}` };
  }
}

/** At start: CSP's form-action allows the Mastodon instance the team registered on. */
export async function restoreMastodonConsent() {
  allowMastodonConsent(await registeredInstance("mastodon"));
}

export { needsReconnect };
