// POST /api/v1/metrics: a network's daily figures per channel post, with a bearer token made in
// Settings › Website (decision 021; the OpenAPI document is /api/v1/openapi.json). Token-authenticated,
// so server/same-origin.ts lets other origins call it.
import type { ActionFunctionArgs } from "@remix-run/node";
import { MAX_METRICS_BODY_BYTES, parseMetricsBatch } from "~/domain/platform-metrics";
import { authenticateApiToken, touchApiToken } from "~/models/api-token.server";
import { recordAudit } from "~/models/audit.server";
import { countOfBatch } from "~/models/idempotency.server";
import { ingestMetricRows } from "~/services/platform-metrics.server";
import { claimsOnce, routeAction, type ActionInput } from "~/web/action.server";
import { KEY_MESSAGE, REUSED_MESSAGE, fingerprintOf, keyOf, once } from "~/web/create-once.server";

const reply = (status: number, body: object, headers?: HeadersInit) => Response.json(body, { status, headers });
const failure = (status: number, formError: string, rows: object[] = []) => reply(status, { ok: false, formError, rows });

export async function loader() {
  return failure(405, "Send the figures with POST.", []);
}

export const action = routeAction({ caller: bearerToken, readForm: false, resource: true, handler: claimsOnce(importFigures) });

/** The caller is an API token, not a session: only POST, then a valid bearer token (401 otherwise). */
async function bearerToken({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return failure(405, "Send the figures with POST.");
  const token = await authenticateApiToken(request.headers.get("Authorization"));
  if (token) return token;
  return reply(
    401,
    { ok: false, formError: "A valid bearer token is required.", rows: [] },
    { "WWW-Authenticate": 'Bearer realm="metrics"' },
  );
}

type ApiToken = NonNullable<Awaited<ReturnType<typeof authenticateApiToken>>>;

/** The body is JSON, read here. */
async function importFigures({ user: token, request }: ActionInput<ApiToken>) {
  if (!/^application\/json\b/i.test(request.headers.get("Content-Type") ?? "")) return failure(415, "Send application/json.");
  const text = await request.text();
  if (text.length > MAX_METRICS_BODY_BYTES) return failure(413, "The body is over 256 kB.");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return failure(400, "The body is not JSON.");
  }
  const batch = parseMetricsBatch(body, new Date());
  if (!batch.ok) return failure(400, "Nothing was stored: some rows are not valid.", batch.errors);
  // With an Idempotency-Key header, the same batch sent again is stored once and answered alike (decision 064).
  const key = keyOf(request);
  if (key === "invalid") return failure(400, `Idempotency-Key: ${KEY_MESSAGE}`);
  const store = () => storeBatch(batch.rows, token);
  if (key === null) return store();
  const claim = { scope: `api-token:${token.id}`, key, action: "POST /api/v1/metrics", fingerprint: await fingerprintOf("metrics", text) };
  return once(
    claim,
    store,
    (stored) => storedReply(countOfBatch(stored)),
    () => failure(422, REUSED_MESSAGE),
  );
}

const storedReply = (stored: number) => reply(200, { ok: true, stored });

async function storeBatch(rows: Parameters<typeof ingestMetricRows>[0], token: { id: string; name: string; prefix: string }) {
  const result = await ingestMetricRows(rows);
  if (!result.ok)
    return failure(
      result.status,
      result.status === 404
        ? "Nothing was stored: some rows name no known channel post."
        : "Nothing was stored: some rows are dated before their post went out.",
      result.errors,
    );
  await touchApiToken(token.id);
  await recordAudit({
    actor: { kind: "api-token", id: token.id, name: `${token.name} (${token.prefix})` },
    action: "metrics.imported",
    object: { type: "metrics", title: "Metrics API" },
    after: { rows: result.stored },
  });
  return storedReply(result.stored);
}
