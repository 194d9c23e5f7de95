// Meta's Graph API, shared by Facebook Pages and Instagram (decision 051): one pinned version, the
// Facebook Login dialog, the long-lived token exchange, the Pages a member manages, and Meta's error
// codes read into the shared kinds.
import { classifyGraphError } from "~/domain/channels/network-errors";
import { networkBases } from "./endpoints.server";
import { chunked, NetworkError, networkFetch, type RefusalReader } from "./network-http.server";
import type { AppCredentials, NetworkPost, OAuthSetup, Tokens } from "./types";

/** The Graph API version every request names (docs/networks/facebook.md). */
export const GRAPH_VERSION = "v21.0";

export const metaBases = () => networkBases("meta");
export const graphUrl = (path: string) => `${metaBases().api}/${GRAPH_VERSION}${path}`;

/** Meta's error body: `{ error: { message, code, error_subcode } }`, usually with HTTP 400. */
export function graphRefusal(network: string): RefusalReader {
  return (response, body, now) => {
    const error = (body as { error?: Record<string, unknown> } | null)?.error;
    if (!error || typeof error !== "object") return null;
    const num = (v: unknown) => (typeof v === "number" ? v : null);
    const message = typeof error.message === "string" ? error.message.slice(0, 300) : null;
    const refused = new NetworkError(
      classifyGraphError(network, { status: response.status, code: num(error.code), subcode: num(error.error_subcode), message }, now),
    );
    const code = num(error.code);
    refused.code = code?.toString() ?? null;
    refused.lacksPermission = code === 10 || (code !== null && code >= 200 && code < 300);
    refused.said = message;
    return refused;
  };
}

/** A Graph call with the token and Meta's error reading. */
export function graphFetch(network: string, url: string, init: RequestInit & { token: string | null }) {
  return networkFetch(network, url, { ...init, refusal: graphRefusal(network) });
}

/** A form body, as Graph's publishing calls take it. */
export const form = (fields: Record<string, string>) => ({
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

const expiresAt = (seconds: unknown, now = new Date()) =>
  typeof seconds === "number" && seconds > 0 ? new Date(now.getTime() + seconds * 1000) : null;

/** Facebook Login: the dialog on facebook.com, the code traded on the Graph API, then for a long-lived (~60 days) token. */
export function facebookLogin(network: string, scopes: string[]): OAuthSetup {
  return {
    scopes,
    scopeSeparator: ",",
    clientAuth: "post",
    authorizeUrl: () => `${metaBases().auth}/${GRAPH_VERSION}/dialog/oauth`,
    tokenUrl: () => graphUrl("/oauth/access_token"),
    longLived: (tokens, app) => exchangeLongLived(network, tokens, app),
  };
}

/** GET /oauth/access_token?grant_type=fb_exchange_token: a short-lived user token for a long-lived one. */
export async function exchangeLongLived(network: string, short: Tokens, app: AppCredentials): Promise<Tokens> {
  const query = new URLSearchParams({
    grant_type: "fb_exchange_token",
    client_id: app.clientId,
    client_secret: app.clientSecret,
    fb_exchange_token: short.accessToken,
  });
  const response = await graphFetch(network, `${graphUrl("/oauth/access_token")}?${query}`, { token: null });
  const body = (await response.json()) as { access_token: string; expires_in?: number };
  return { accessToken: body.access_token, refreshToken: null, expiresAt: expiresAt(body.expires_in) };
}

export interface ManagedPage {
  id: string;
  name: string;
  /** The Page's own token; made from a long-lived user token, it does not run out. */
  accessToken: string;
}

/** GET /me/accounts: the Pages the member manages, each with its Page access token (every page of results). */
export async function managedPages(network: string, userToken: string): Promise<ManagedPage[]> {
  const pages: ManagedPage[] = [];
  let next: string | null = `${graphUrl("/me/accounts")}?${new URLSearchParams({ fields: "id,name,access_token", limit: "100" })}`;
  for (let round = 0; next && round < 20; round++) {
    const response = await graphFetch(network, next, { token: userToken });
    const body = (await response.json()) as { data?: { id: string; name: string; access_token: string }[]; paging?: { next?: string } };
    for (const p of body.data ?? []) pages.push({ id: p.id, name: p.name, accessToken: p.access_token });
    next = body.paging?.next ?? null;
  }
  return pages;
}

/** Graph's largest batch of ids for GET /?ids=. */
export const GRAPH_IDS_PER_REQUEST = 50;

/**
 * Graph GET /?ids=…&fields=…: each node's fields by its id, up to 50 ids a request. A node missing
 * from the answer is left out. Graph refuses the whole batch when one id is gone (code 100, "Some of
 * the aliases you requested do not exist"), so a refused batch of several is asked again one id at a
 * time and an id refused alone is left out; any other refusal is thrown, read like every Graph call.
 */
export async function graphNodes(
  label: string,
  token: string,
  ids: string[],
  fields: string,
): Promise<Map<string, Record<string, unknown>>> {
  const nodes = new Map<string, Record<string, unknown>>();
  const ask = async (batch: string[]) => {
    const query = new URLSearchParams({ ids: batch.join(","), fields });
    const response = await graphFetch(label, `${graphUrl("/")}?${query}`, { token });
    const body = (await response.json()) as Record<string, unknown> | null;
    for (const id of batch) {
      const node = body?.[id];
      if (node && typeof node === "object") nodes.set(id, node as Record<string, unknown>);
    }
  };
  const refused = (error: unknown) => error instanceof NetworkError && error.failure.kind === "rejected";
  for (const batch of chunked(ids, GRAPH_IDS_PER_REQUEST)) {
    try {
      await ask(batch);
    } catch (error) {
      if (batch.length === 1 || !refused(error)) throw error;
      for (const id of batch) await ask([id]).catch((alone: unknown) => (refused(alone) ? undefined : Promise.reject(alone)));
    }
  }
  return nodes;
}

/** A Graph summary's total (`likes.summary(true)` gives `{ summary: { total_count } }`). */
export const summaryTotal = (edge: unknown) => (edge as { summary?: { total_count?: unknown } } | undefined)?.summary?.total_count;

type ContainerStatus = "FINISHED" | "IN_PROGRESS" | "PUBLISHED" | "EXPIRED" | "ERROR";

/** What Meta says of a container (Instagram's status_code, Threads' status); null when it is gone. */
async function containerStatus(label: string, url: string, token: string): Promise<ContainerStatus | null> {
  try {
    const response = await graphFetch(label, url, { token });
    const body = (await response.json()) as { status_code?: ContainerStatus; status?: ContainerStatus };
    return body.status_code ?? body.status ?? null;
  } catch (error) {
    if (error instanceof NetworkError && error.failure.kind === "rejected") return null;
    throw error;
  }
}

/**
 * Instagram's and Threads' two steps, safe to repeat: the container is kept on the post before it is
 * published, so a try after a lost answer asks the container first. PUBLISHED: it went out (its
 * container id is all Meta tells). FINISHED: publish that one. IN_PROGRESS: later. Gone, expired or
 * failed: a new container. Meta takes no idempotency key; this is how a repeat never posts twice.
 */
export async function publishThroughContainer(input: {
  label: string;
  token: string;
  container: NetworkPost["container"];
  statusUrl: (containerId: string) => string;
  create: () => Promise<string>;
  publish: (containerId: string) => Promise<string>;
}): Promise<{ id: string; already: boolean }> {
  let containerId = input.container.id;
  if (containerId) {
    const status = await containerStatus(input.label, input.statusUrl(containerId), input.token);
    if (status === "PUBLISHED") return { id: containerId, already: true };
    if (status === "IN_PROGRESS")
      throw new NetworkError({ kind: "temporary", message: `${input.label} is still preparing the post's media` });
    if (status !== "FINISHED") containerId = null;
  }
  if (!containerId) {
    containerId = await input.create();
    await input.container.keep(containerId);
  }
  return { id: await input.publish(containerId), already: false };
}
