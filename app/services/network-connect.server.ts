// Connecting a network with the team's own developer app: OAuth 2 with PKCE and a state bound to the
// member's session (oauth4webapi), and keeping the token fresh (decision 042).
import * as oauth from "oauth4webapi";
import { ADAPTERS } from "~/adapters/networks/index.server";
import { CALLBACK_PATH, isNativeNetwork, type NativeNetwork } from "~/adapters/networks/endpoints.server";
import { NetworkError } from "~/adapters/networks/network-http.server";
import { CHANNEL_LABELS } from "~/domain/channels/network-limits";
import { connectionTokens, markNeedsReconnect, saveConnection, saveRefreshedTokens } from "~/models/integration.server";
import { createOAuthAttempt, networkAppCredentials, takeOAuthAttempt } from "~/models/network-app.server";
import { notify } from "~/models/notification.server";
import { SYSTEM_ACTOR, memberActor } from "~/domain/audit";
import { recordAudit } from "~/models/audit.server";
import { studioOrigin } from "~/web/public-url.server";

const ATTEMPT_MS = 10 * 60_000;
/** A token this close to its end is refreshed before it is used. */
export const REFRESH_MARGIN_MS = 10 * 60_000;

export const redirectUri = () => `${studioOrigin()}${CALLBACK_PATH}`;

type Refusal = { ok: false; kind: "not-found" | "conflict" | "invalid"; error: string };

function server(network: NativeNetwork): oauth.AuthorizationServer {
  const adapter = ADAPTERS[network];
  return {
    issuer: new URL(adapter.authorizeUrl()).origin,
    authorization_endpoint: adapter.authorizeUrl(),
    token_endpoint: adapter.tokenUrl(),
  };
}

function clientAuthOf(network: NativeNetwork, secret: string): oauth.ClientAuth {
  return ADAPTERS[network].clientAuth === "basic" ? oauth.ClientSecretBasic(secret) : oauth.ClientSecretPost(secret);
}

/**
 * LinkedIn's token answer has no token_type, which OAuth 2 requires and oauth4webapi checks; its
 * tokens are bearer tokens, so the missing field is filled in before the answer is read.
 */
function withTokenType(fetchImpl: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    if (!response.ok || !response.headers.get("content-type")?.includes("json")) return response;
    const body = (await response.json()) as Record<string, unknown>;
    if (typeof body.access_token === "string" && body.token_type === undefined) body.token_type = "bearer";
    return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
  };
}

// Plain http only where the base was set to it (fake networks on loopback, a LAN proxy).
const requestOptions = (network: NativeNetwork, fetchImpl?: typeof fetch) => ({
  [oauth.allowInsecureRequests]: new URL(ADAPTERS[network].tokenUrl()).protocol === "http:",
  [oauth.customFetch]: withTokenType(fetchImpl),
});

/** The address of the network's consent page for this member's session, or why not. */
export async function startConnect(
  network: string,
  member: { id: string; sessionId: string },
  now = new Date(),
): Promise<{ ok: true; url: string } | Refusal> {
  if (!isNativeNetwork(network)) return { ok: false, kind: "not-found", error: "The studio cannot connect to that network yet." };
  const app = await networkAppCredentials(network);
  if (!app) return { ok: false, kind: "conflict", error: `Enter your ${CHANNEL_LABELS[network]} app's client id and secret first.` };
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
  const url = new URL(ADAPTERS[network].authorizeUrl());
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: app.clientId,
    redirect_uri: redirectUri(),
    scope: ADAPTERS[network].scopes.join(" "),
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  }).toString();
  return { ok: true, url: url.toString() };
}

const expiry = (seconds: number | undefined, now: Date) => (seconds ? new Date(now.getTime() + seconds * 1000) : null);

/** The network sent the member back: check the state belongs to this session, trade the code, save the account. */
export async function finishConnect(
  callback: URL,
  member: { id: string; sessionId: string; name: string },
  now = new Date(),
  fetchImpl?: typeof fetch,
): Promise<{ ok: true; network: NativeNetwork; handle: string } | Refusal> {
  const state = callback.searchParams.get("state") ?? "";
  const attempt = state ? await takeOAuthAttempt(state) : null;
  if (!attempt || attempt.sessionId !== member.sessionId || attempt.expiresAt <= now || !isNativeNetwork(attempt.network))
    return { ok: false, kind: "invalid", error: "That sign-in link is not from this session or has expired. Press Connect again." };
  const network = attempt.network;
  const label = CHANNEL_LABELS[network];
  const app = await networkAppCredentials(network);
  if (!app) return { ok: false, kind: "conflict", error: `The ${label} app's credentials were removed meanwhile.` };
  const as = server(network);
  const client: oauth.Client = { client_id: app.clientId };
  try {
    const params = oauth.validateAuthResponse(as, client, callback, state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      clientAuthOf(network, app.clientSecret),
      params,
      redirectUri(),
      attempt.verifier,
      requestOptions(network, fetchImpl),
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
    const account = await ADAPTERS[network].account(tokens.access_token, fetchImpl);
    await saveConnection(
      network,
      {
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token ?? null,
        expiresAt: expiry(tokens.expires_in, now),
        accountId: account.id,
        handle: account.handle,
      },
      member.id,
      now,
    );
    await recordAudit(
      { actor: memberActor(member), action: "connection.made", object: connectionObject(network), after: { account: account.handle } },
      undefined,
      now,
    );
    return { ok: true, network, handle: account.handle };
  } catch (error) {
    return { ok: false, kind: "invalid", error: `${label} did not connect: ${oauthReason(error)}` };
  }
}

function oauthReason(error: unknown): string {
  if (error instanceof oauth.AuthorizationResponseError) return error.error_description ?? error.error;
  if (error instanceof oauth.ResponseBodyError) return error.error_description ?? error.error;
  if (error instanceof NetworkError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

const connectionObject = (network: NativeNetwork) => ({ type: "connection", id: network, title: CHANNEL_LABELS[network] });

/** A refresh the network refused for good (revoked, expired refresh token): the channel waits for a person. */
async function needsReconnect(network: NativeNetwork, reason: string) {
  if (!(await markNeedsReconnect(network, reason))) return;
  await recordAudit({ actor: SYSTEM_ACTOR, action: "connection.lost", object: connectionObject(network), after: { reason } });
  await notify("publishing_problem", {
    actorId: "system",
    message: `${CHANNEL_LABELS[network]} needs reconnecting: ${reason}. Its posts wait until an Admin connects it again.`,
  });
}

/**
 * The access token to post with, refreshed first when it ends within the margin. Null (and the
 * channel marked "Needs reconnecting", the Admins told) when the network refuses the refresh.
 */
export async function freshAccessToken(network: NativeNetwork, now = new Date(), fetchImpl?: typeof fetch) {
  const tokens = await connectionTokens(network);
  if (!tokens || tokens.reconnectReason) return null;
  const due = tokens.expiresAt && tokens.expiresAt.getTime() - now.getTime() <= REFRESH_MARGIN_MS;
  if (!due) return { token: tokens.accessToken, account: tokens.account };
  if (!tokens.refreshToken) {
    await needsReconnect(network, "its access ran out and the network gives no way to renew it");
    return null;
  }
  const app = await networkAppCredentials(network);
  if (!app) {
    await needsReconnect(network, "the app's credentials are missing");
    return null;
  }
  const as = server(network);
  const client: oauth.Client = { client_id: app.clientId };
  try {
    const response = await oauth.refreshTokenGrantRequest(
      as,
      client,
      clientAuthOf(network, app.clientSecret),
      tokens.refreshToken,
      requestOptions(network, fetchImpl),
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

export { needsReconnect };
