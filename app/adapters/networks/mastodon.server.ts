// Mastodon (REST API v1/v2 on the team's instance): the studio registers itself on the instance
// (POST /api/v1/apps), connects with OAuth 2 + PKCE (Mastodon 4.3+), reads
// GET /api/v1/accounts/verify_credentials, uploads images with POST /api/v2/media and posts with
// POST /api/v1/statuses under an Idempotency-Key, so a repeated request never posts twice. A status's
// counts come from GET /api/v1/statuses/:id (favourites_count, reblogs_count, replies_count).
import type { PostCounts } from "~/domain/channels/post-figures";
import { countOf, NetworkError, networkFetch } from "./network-http.server";
import type { NetworkAdapter } from "./types";

export const MASTODON_SCOPES = ["read:accounts", "read:statuses", "write:statuses", "write:media"];
/** How often, at most, a media upload still processing is looked at again before the post waits for a later try. */
const MEDIA_CHECKS = 5;

const instanceOf = (service: string | null | undefined) => {
  if (!service) throw new NetworkError({ kind: "reconnect", message: "Mastodon has no instance saved" });
  return service;
};

/** Registers the studio as an app on the instance; the answer's client id and secret connect it. */
export async function registerMastodonApp(
  instance: string,
  input: { name: string; redirectUri: string; website: string | null },
): Promise<{ clientId: string; clientSecret: string }> {
  const response = await networkFetch("Mastodon", `${instance}/api/v1/apps`, {
    method: "POST",
    token: null,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      client_name: input.name,
      redirect_uris: input.redirectUri,
      scopes: MASTODON_SCOPES.join(" "),
      ...(input.website ? { website: input.website } : {}),
    }),
  });
  const app = (await response.json()) as { client_id?: string; client_secret?: string };
  if (!app.client_id || !app.client_secret)
    throw new NetworkError({ kind: "rejected", message: "Mastodon's answer had no client id and secret" });
  return { clientId: app.client_id, clientSecret: app.client_secret };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const mastodonAdapter: NetworkAdapter = {
  label: "Mastodon",
  oauth: {
    scopes: MASTODON_SCOPES,
    clientAuth: "post",
    authorizeUrl: (service) => `${instanceOf(service)}/oauth/authorize`,
    tokenUrl: (service) => `${instanceOf(service)}/oauth/token`,
  },

  async account(token, service) {
    const instance = instanceOf(service);
    const response = await networkFetch("Mastodon", `${instance}/api/v1/accounts/verify_credentials`, { token });
    const me = (await response.json()) as { id: string; acct: string };
    return { id: me.id, handle: `@${me.acct}@${new URL(instance).host}`, service: instance };
  },

  async post(token, account, post) {
    const instance = instanceOf(account.service);
    let mediaIds: string[] | undefined;
    if (post.image) {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(post.image.bytes)], { type: post.image.mime }), "image");
      if (post.image.alt) form.append("description", post.image.alt.slice(0, 1500));
      const uploaded = await networkFetch("Mastodon", `${instance}/api/v2/media`, { method: "POST", token, body: form });
      const media = (await uploaded.json()) as { id: string };
      // 202: the instance is still processing the file; a status cannot carry it until it is done.
      if (uploaded.status === 202) await untilProcessed(instance, media.id, token);
      mediaIds = [media.id];
    }
    const response = await networkFetch("Mastodon", `${instance}/api/v1/statuses`, {
      method: "POST",
      token,
      headers: { "Content-Type": "application/json", "Idempotency-Key": post.idempotencyKey },
      body: JSON.stringify({ status: post.text, visibility: "public", ...(mediaIds ? { media_ids: mediaIds } : {}) }),
    });
    const status = (await response.json()) as { id: string; url: string | null; uri: string };
    return { id: status.id, url: status.url ?? status.uri };
  },

  async figures(token, account, posts) {
    const ids = posts.map((p) => p.id);
    const instance = instanceOf(account.service);
    const counts = new Map<string, PostCounts>();
    for (const id of ids) {
      let response: Response;
      try {
        response = await networkFetch("Mastodon", `${instance}/api/v1/statuses/${encodeURIComponent(id)}`, { token });
      } catch (error) {
        // Deleted, or no longer visible to the account: the instance no longer shows it.
        if (error instanceof NetworkError && error.status === 404) continue;
        throw error;
      }
      const status = (await response.json()) as Record<string, unknown>;
      counts.set(id, {
        likes: countOf(status.favourites_count),
        reposts: countOf(status.reblogs_count),
        replies: countOf(status.replies_count),
        quotes: countOf(status.quotes_count),
        impressions: null,
        clicks: null,
      });
    }
    return counts;
  },
};

async function untilProcessed(instance: string, id: string, token: string) {
  for (let check = 0; check < MEDIA_CHECKS; check++) {
    const media = await networkFetch("Mastodon", `${instance}/api/v1/media/${encodeURIComponent(id)}`, { token });
    if (media.status === 200) return;
    await wait(1000);
  }
  throw new NetworkError({ kind: "temporary", message: "Mastodon is still processing the image" });
}
