import { thisWorkspace } from "~/db/workspace-keys.server";
import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { loader as root } from "~/root";
import { loader as dashboard } from "~/routes/_index";
import { action as workflow } from "~/routes/workflow/route";
import { getSessionUser } from "~/web/session.server";
import { SAMPLE, cookieFor, freshSeed, get, post, run } from "./route-helpers";

beforeEach(() => freshSeed());

const ROUTES_DIR = path.resolve("app/routes");
const MODULE_FILE = /^[^.].*\.(tsx|ts|jsx|js)$/;

/** Every route module Remix's flat routes would see: files in app/routes, and folders with a route file. */
function routeFiles(): { id: string; file: string }[] {
  return fs.readdirSync(ROUTES_DIR, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(ROUTES_DIR, entry.name);
    if (entry.isDirectory()) {
      const file = ["route.tsx", "route.ts", "route.jsx", "route.js"].map((f) => path.join(full, f)).find((f) => fs.existsSync(f));
      return file ? [{ id: entry.name, file }] : [];
    }
    if (!MODULE_FILE.test(entry.name) || /\.(test|spec)\./.test(entry.name)) return [];
    return [{ id: entry.name.replace(/\.[jt]sx?$/, ""), file: full }];
  });
}

type Handler = Parameters<typeof run>[0];
type RouteModule = { loader?: Handler; action?: Handler };

const PARAM_VALUE = "content-sample";

/** URL path and params for a flat-route id: "_index" → "/", "a.b" → "/a/b", "$x" → a param. */
function urlOf(id: string) {
  const params: Record<string, string> = {};
  const segments = id.split(".").map((seg) => {
    if (seg === "_index") return "";
    if (seg.startsWith("$")) return (params[seg.slice(1)] = PARAM_VALUE);
    return seg;
  });
  return { pathname: `/${segments.filter(Boolean).join("/")}`, params };
}

const routes = await Promise.all(
  routeFiles().map(async ({ id, file }) => ({ id, ...urlOf(id), module: (await import(file)) as RouteModule })),
);

/** Pages anyone may open. */
const PUBLIC_LOADERS: Record<string, number> = {
  login: 200,
  "invite.$token": 404,
  // Issue 37: an external reviewer's link; an unknown token is 404, and it opens nothing else.
  "review.$token": 404,
  healthcheck: 200,
  readyz: 200,
  "bench.bare": 404, // bench.bare answers only with BENCH_ROUTES=on
  // An uploaded image is public by its unguessable id.
  "uploads.$id": 404,
  // Decision 021: short links are for readers; the metrics API answers GET with 405 and documents itself.
  "l.$code": 404,
  "api.v1.metrics": 405,
  "api.v1.openapi[.json]": 200,
  // Issue 36: Meta's and Threads' callbacks take only POST; a deletion's status page needs no sign-in.
  "networks.meta.deauthorize": 405,
  "networks.meta.data-deletion": 405,
  "networks.meta.deletion.$code": 404,
  "networks.threads.uninstall": 405,
  "networks.threads.delete": 405,
};
/** Loaders that only send the visitor home (their routes exist for their actions). */
const HOME_LOADERS = new Set(["logout", "notifications", "workspace"]);
/** Loaders only fetchers call: 401 and no redirect, which would navigate the fetcher (see routes/search.tsx). */
const FETCH_LOADERS = new Set(["search", "preview"]);
/** Forms anyone may submit: signing in and accepting an invitation. */
const PUBLIC_ACTIONS: Record<string, number> = {
  login: 400,
  "invite.$token": 404,
  "review.$token": 404,
  "api.v1.metrics": 401, // the metrics API takes a bearer token
  // Meta's callbacks are signed with the Meta app's secret; with no app saved they answer 404.
  "networks.meta.deauthorize": 404,
  "networks.meta.data-deletion": 404,
  // Threads' are signed with the Threads app's secret: 404 without one.
  "networks.threads.uninstall": 404,
  "networks.threads.delete": 404,
};

/** Form fields that would change something if the action ran for a member. */
const ATTEMPTS: Record<string, Record<string, string>> = {
  workflow: { intent: "toggle" },
  editor: { intent: "comment", id: "content-sample", comment: "anonymous" },
  notifications: { intent: "read" },
  workspace: { intent: "switch", workspaceId: "first", next: "/" },
  workspaces: { intent: "create", name: "Intruder" },
  settings: { intent: "invite", email: "intruder@studio.test", role: "Admin" },
};

async function fingerprint() {
  const [settings, users, comments, unread, integrations] = await Promise.all([
    prisma.settings.findUnique({ where: thisWorkspace() }),
    prisma.membership.findMany({ select: { userId: true, role: true, status: true }, orderBy: { userId: "asc" } }),
    prisma.comment.count(),
    prisma.notification.count({ where: { readAt: null } }),
    prisma.integration.findMany({ orderBy: { id: "asc" } }),
  ]);
  return { settings, users, comments, unread, integrations };
}

const loginFor = (pathname: string) => (pathname === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(pathname)}`);

describe("route enumeration", () => {
  it("finds file routes and folder routes", () => {
    const ids = routes.map((r) => r.id);
    expect(ids).toContain("_index");
    expect(ids).toContain("settings"); // settings/route.tsx
    expect(routes.filter((r) => r.module.action).length).toBeGreaterThan(3);
  });
});

describe("without a session cookie", () => {
  const withLoader = routes.filter((r) => r.module.loader);
  const withAction = routes.filter((r) => r.module.action);

  it.each(withLoader.filter((r) => r.id in PUBLIC_LOADERS))(
    "the public loader of $id answers without sign-in",
    async ({ id, pathname, params, module }) => {
      const outcome = await run(module.loader!, get(pathname), params);
      expect(outcome.status).toBe(PUBLIC_LOADERS[id]);
      expect(outcome.headers.get("Location")).toBeNull();
    },
  );

  it.each(withLoader.filter((r) => HOME_LOADERS.has(r.id)))(
    "the loader of $id sends the visitor home",
    async ({ pathname, params, module }) => {
      const outcome = await run(module.loader!, get(pathname), params);
      expect(outcome.status).toBe(302);
      expect(outcome.headers.get("Location")).toBe("/");
    },
  );

  it.each(withLoader.filter((r) => FETCH_LOADERS.has(r.id)))(
    "the fetcher loader of $id answers 401 without redirecting",
    async ({ pathname, params, module }) => {
      const outcome = await run(module.loader!, get(pathname), params);
      expect(outcome.status).toBe(401);
      expect(outcome.headers.get("Location")).toBeNull();
    },
  );

  it.each(withLoader.filter((r) => !(r.id in PUBLIC_LOADERS) && !HOME_LOADERS.has(r.id) && !FETCH_LOADERS.has(r.id)))(
    "the loader of $id redirects to sign-in and back",
    async ({ pathname, params, module }) => {
      const outcome = await run(module.loader!, get(pathname), params);
      expect(outcome.status).toBe(302);
      expect(outcome.headers.get("Location")).toBe(loginFor(pathname));
      expect(outcome.headers.get("Set-Cookie")).toMatch(/studio_session=;.*Max-Age=0/);
    },
  );

  it.each(withAction.filter((r) => r.id in PUBLIC_ACTIONS))(
    "the public action of $id answers without sign-in",
    async ({ id, pathname, params, module }) => {
      const outcome = await run(module.action!, post(pathname, {}), params);
      expect(outcome.status).toBe(PUBLIC_ACTIONS[id]);
      expect(outcome.headers.get("Set-Cookie")).toBeNull();
    },
  );

  it.each(withAction.filter((r) => !(r.id in PUBLIC_ACTIONS)))(
    "the action of $id redirects to sign-in and changes nothing",
    async ({ id, pathname, params, module }) => {
      const before = await fingerprint();
      const outcome = await run(module.action!, post(pathname, ATTEMPTS[id] ?? {}), params);
      expect(outcome.status).toBe(302);
      expect(outcome.headers.get("Location")).toMatch(/^\/login(\?|$)/);
      expect(await fingerprint()).toEqual(before);
    },
  );
});

describe("root loader without a session cookie", () => {
  it("redirects a member-only page to sign-in", async () => {
    const outcome = await run(root, get("/library"));
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("Location")).toBe(loginFor("/library"));
  });

  it.each(["/login", "/invite/some-token"])("renders the public page %s with no member", async (pathname) => {
    const outcome = await run(root, get(pathname));
    expect(outcome.status).toBe(200);
    expect(outcome.body).toMatchObject({ user: null, unread: 0, notifications: [] });
  });
});

describe("a cookie that no longer signs anyone in", () => {
  it("a removed member's session is treated as signed out", async () => {
    const cookie = await cookieFor(SAMPLE.Editor);
    expect((await run(dashboard, get("/", cookie))).status).toBe(200);

    await prisma.user.update({ where: { id: SAMPLE.Editor }, data: { status: "removed" } });

    expect(await getSessionUser(get("/", cookie))).toBeNull();
    const page = await run(dashboard, get("/", cookie));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/login");
    const before = await fingerprint();
    expect((await run(workflow, post("/workflow", { intent: "toggle" }, cookie))).status).toBe(302);
    expect(await fingerprint()).toEqual(before);
  });

  it("an expired session is treated as signed out", async () => {
    const cookie = await cookieFor(SAMPLE.Admin);
    expect(await getSessionUser(get("/", cookie))).not.toBeNull();

    await prisma.session.updateMany({ where: { userId: SAMPLE.Admin }, data: { expiresAt: new Date(Date.now() - 1000) } });

    expect(await getSessionUser(get("/", cookie))).toBeNull();
    const page = await run(dashboard, get("/", cookie));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/login");
  });

  it("a made-up token is treated as signed out", async () => {
    const page = await run(dashboard, get("/", "studio_session=Im5vdC1hLXRva2VuIg%3D%3D"));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/login");
  });
});
