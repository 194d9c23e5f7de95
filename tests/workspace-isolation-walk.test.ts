import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { withRequestScope } from "~/db/workspace-scope.server";
import { intentsOf } from "./handler-intents";
import { ORIGIN, SAMPLE, cookieFor, freshSeed, run, type Outcome } from "./route-helpers";
import { loadRoutes, type RouteEntry } from "./route-modules";
import { MARK, digestOfB, makeWorkspaceB, type WorkspaceB } from "./workspace-b";

// Decision 073, walked: every loader and every handler, as the first workspace's Admin, naming each
// kind of id of another workspace's rows (and fuzzed ids). No B row changes, nothing of B's shows,
// and an address naming a B row is a 404, as a missing one is. The handlers are found by running the
// routes (as the every-handler tests do), so a new one is walked without being listed.

const recorded = vi.hoisted(() => ({ last: null as string[] | null, byAction: new WeakMap<object, string[]>() }));
vi.mock("~/web/action.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/web/action.server")>();
  return {
    ...real,
    routeAction: ((spec: { intents?: Record<string, unknown> }) => {
      const action = real.routeAction(spec as never);
      recorded.last = spec.intents ? Object.keys(spec.intents) : ["(form)"];
      recorded.byAction.set(action, recorded.last);
      return action;
    }) as typeof real.routeAction,
  };
});

/** Addresses whose parameter is a credential of its own (a token or a public code): see the credentials block below. */
const CREDENTIAL_PARAMS = new Set(["token", "code"]);

const routes = await loadRoutes();
let b: WorkspaceB;
const intents = new Map<string, string[]>();

beforeAll(async () => {
  await freshSeed();
  b = await makeWorkspaceB();
  for (const route of routes.filter((r) => r.module.action)) intents.set(route.id, await intentsOf(route, recorded, () => ["(own)"]));
}, 60_000);

/** Each kind of B's ids, by name. */
const kinds = () => ({
  item: b.item,
  revision: b.revision,
  comment: b.comment,
  post: b.post,
  visual: b.visual,
  upload: b.upload,
  chain: b.chain,
  request: b.request,
  reviewLink: b.reviewLink,
  apiToken: b.apiTokenId,
  site: b.site,
  shortLink: b.shortLink,
  run: b.run,
  agent: b.agent,
  notification: b.notification,
});

/** The form fields handlers read ids from, each with B's id of its natural kind and `id` the kind walked. */
function fieldsNaming(id: string): Record<string, string> {
  return {
    id,
    contentId: b.item,
    postId: b.post,
    commentId: b.comment,
    parentId: b.comment,
    chainId: b.chain,
    linkId: b.reviewLink,
    runId: b.run,
    agentId: b.agent,
    requestId: b.request,
    revision: b.revision,
    version: "1",
    channel: "twitter",
    platform: "twitter",
  };
}

function paramsNaming(route: RouteEntry, id: string): Record<string, string> {
  return Object.fromEntries(route.params.map((p) => [p, CREDENTIAL_PARAMS.has(p) ? "no-such-credential" : id]));
}

/** Each request in a scope of its own, as the server runs it. */
function send(route: RouteEntry, intent: string | null, id: string): Promise<Outcome> {
  return withRequestScope(() => sendNow(route, intent, id));
}

async function sendNow(route: RouteEntry, intent: string | null, id: string): Promise<Outcome> {
  const params = paramsNaming(route, id);
  const cookie = await cookieFor(SAMPLE.Admin);
  if (intent === null) {
    const query = new URLSearchParams({ id, edit: id, revision: b.revision, restore: b.revision });
    return run(route.module.loader!, new Request(`${ORIGIN}${route.pathFor(params)}?${query}`, { headers: { Cookie: cookie } }), params);
  }
  const body = new URLSearchParams(fieldsNaming(id));
  if (!intent.startsWith("(")) body.set("intent", intent);
  const request = new Request(`${ORIGIN}${route.pathFor(params)}`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Cookie: cookie },
  });
  return run(route.module.action!, request, params);
}

const shown = (outcome: Outcome) => (typeof outcome.body === "string" ? outcome.body : (JSON.stringify(outcome.body) ?? ""));

/** The Owner's screen lists every workspace by name (decision 079): B's name there is not a leak, anything else of B's is. */
const withoutOwnersList = (route: RouteEntry, text: string) =>
  route.id === "workspaces" ? text.replaceAll(`Northwind ${MARK}`, "") : text;

/** What the walk found wrong for one id, or null: an address naming a row answers `missing` (404, or 400 too for a malformed id). */
function wrong(route: RouteEntry, outcome: Outcome, missing: number[]): string | null {
  if (outcome.status >= 500) return `answered ${outcome.status}`;
  if (withoutOwnersList(route, shown(outcome)).includes(MARK)) return "showed B's text";
  const names = route.params.filter((p) => !CREDENTIAL_PARAMS.has(p));
  if (names.length > 0 && !missing.includes(outcome.status)) return `answered ${outcome.status} for an address naming that id`;
  return null;
}

async function walk(route: RouteEntry, intent: string | null, ids: Record<string, string>, missing = [404]) {
  const before = await digestOfB();
  const found: string[] = [];
  for (const [kind, id] of Object.entries(ids)) {
    const problem = wrong(route, await send(route, intent, id), missing);
    if (problem) found.push(`${kind}: ${problem}`);
  }
  expect(found).toEqual([]);
  expect(await digestOfB()).toBe(before);
}

const loaders = routes.filter((r) => r.module.loader);
const actions = routes.filter((r) => r.module.action);

describe("every loader, naming B's ids", () => {
  it.each(loaders.map((r) => [r.id, r] as const))("%s", async (_id, route) => walk(route, null, kinds()));
});

describe("every handler, naming B's ids", () => {
  it.each(actions.map((r) => [r.id, r] as const))("%s", async (_id, route) => {
    // A handler may refuse the form (400) before it looks the row up; nothing of B's changing is the bar.
    for (const intent of intents.get(route.id) ?? []) await walk(route, intent, kinds(), [400, 404]);
  });
});

describe("fuzzed ids", () => {
  const fuzzed = Object.fromEntries(
    fc
      .sample(fc.oneof(fc.string({ maxLength: 40 }), fc.uuid(), fc.constantFrom("' OR 1=1 --", "%", "../uploads", "\u0000")), {
        numRuns: 6,
        seed: 73,
      })
      .map((id, i) => [`fuzz ${i} ${JSON.stringify(id)}`, id]),
  );
  it.each(actions.map((r) => [r.id, r] as const))("%s", async (_id, route) => {
    for (const intent of intents.get(route.id) ?? []) await walk(route, intent, fuzzed, [400, 404]);
  });
});
