// Threads (its own Graph API on graph.threads.net, its own app id and secret): OAuth on threads.net,
// the code traded for a short-lived token and at once for a long-lived one (th_exchange_token, ~60
// days), which renews itself (th_refresh_token) while it is still valid; a post is a container
// (POST /{user-id}/threads, TEXT or IMAGE from the studio's public address), then threads_publish.
// A post's counts from Threads API v1.0 GET /{media-id}/insights?metric=likes,replies,reposts,quotes,views.
import type { PostCounts } from "~/domain/channels/post-figures";
import { networkBases } from "./endpoints.server";
import { form, graphFetch, publishThroughContainer } from "./graph.server";
import { countOf } from "./network-http.server";
import type { NetworkAdapter, Tokens } from "./types";

const LABEL = "Threads";
/** The Threads API version every call names (docs/networks/threads.md). */
export const THREADS_VERSION = "v1.0";
const bases = () => networkBases("threads");
const api = (path: string) => `${bases().api}/${THREADS_VERSION}${path}`;
/** Where "Open on Threads" goes when the API does not give the post's own address. */
export const threadsWeb = () => (process.env.NETWORK_THREADS_WEB_URL?.trim() || "https://www.threads.net").replace(/\/+$/, "");

/** The long-lived token is its own refresh token: th_refresh_token takes the token itself. */
async function longLivedFrom(response: Response): Promise<Tokens> {
  const body = (await response.json()) as { access_token: string; expires_in?: number };
  const expiresAt = body.expires_in ? new Date(Date.now() + body.expires_in * 1000) : null;
  return { accessToken: body.access_token, refreshToken: body.access_token, expiresAt };
}

export const threadsAdapter: NetworkAdapter = {
  label: LABEL,
  oauth: {
    scopes: ["threads_basic", "threads_content_publish", "threads_manage_insights"],
    scopeSeparator: ",",
    clientAuth: "post",
    authorizeUrl: () => `${bases().auth}/oauth/authorize`,
    tokenUrl: () => `${bases().api}/oauth/access_token`,
    async longLived(short, app) {
      const query = new URLSearchParams({
        grant_type: "th_exchange_token",
        client_secret: app.clientSecret,
        access_token: short.accessToken,
      });
      return longLivedFrom(await graphFetch(LABEL, `${bases().api}/access_token?${query}`, { token: null }));
    },
  },
  // Renewed a week before its end, so a channel that posts now and then never runs out.
  renewBeforeMs: 7 * 86_400_000,

  async refresh(refreshToken, _service) {
    const query = new URLSearchParams({ grant_type: "th_refresh_token", access_token: refreshToken });
    return longLivedFrom(await graphFetch(LABEL, `${bases().api}/refresh_access_token?${query}`, { token: null }));
  },

  async account(token, _service) {
    const response = await graphFetch(LABEL, `${api("/me")}?fields=id,username`, { token });
    const me = (await response.json()) as { id: string; username: string };
    return { id: me.id, handle: `@${me.username}` };
  },

  async post(token, account, post) {
    const fields: Record<string, string> = post.imageUrl
      ? { media_type: "IMAGE", image_url: post.imageUrl, text: post.text }
      : { media_type: "TEXT", text: post.text };
    const idOf = async (response: Response) => ((await response.json()) as { id: string }).id;
    const { id, already } = await publishThroughContainer({
      label: LABEL,
      token,
      container: post.container,
      statusUrl: (container) => `${api(`/${container}`)}?fields=status`,
      create: async () => idOf(await graphFetch(LABEL, api(`/${account.id}/threads`), { method: "POST", token, ...form(fields) })),
      publish: async (container) =>
        idOf(
          await graphFetch(LABEL, api(`/${account.id}/threads_publish`), { method: "POST", token, ...form({ creation_id: container }) }),
        ),
    });
    // The post exists from here on: its id is kept even if the address is not told.
    return { id, url: already ? `${threadsWeb()}/${account.handle}` : await permalink(token, id, account.handle) };
  },

  // One request per post (the insights edge takes no batch of ids); threads_manage_insights.
  async figures(token, _account, posts) {
    const ids = posts.map((p) => p.id);
    const counts = new Map<string, PostCounts>();
    for (const id of ids) {
      const query = new URLSearchParams({ metric: "likes,replies,reposts,quotes,views" });
      const response = await graphFetch(LABEL, `${api(`/${encodeURIComponent(id)}/insights`)}?${query}`, { token });
      const { data } = (await response.json()) as { data?: InsightsMetric[] };
      const metric = (name: string) => {
        const found = data?.find((m) => m.name === name);
        // Media metrics come as values[0].value; total_value is read too, as user-level ones use it.
        return countOf(found?.total_value?.value ?? found?.values?.[0]?.value);
      };
      counts.set(id, {
        likes: metric("likes"),
        reposts: metric("reposts"),
        replies: metric("replies"),
        quotes: metric("quotes"),
        impressions: metric("views"),
        clicks: null,
      });
    }
    return counts;
  },
};

interface InsightsMetric {
  name: string;
  values?: { value?: unknown }[];
  total_value?: { value?: unknown };
}

async function permalink(token: string, id: string, handle: string): Promise<string> {
  try {
    const response = await graphFetch(LABEL, `${api(`/${id}`)}?fields=permalink`, { token });
    const body = (await response.json()) as { permalink?: string };
    if (body.permalink) return body.permalink;
  } catch {
    // The answer to the publish is what counts; the address falls back to the profile.
  }
  return `${threadsWeb()}/${handle}`;
}
