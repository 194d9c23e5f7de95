import { beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "~/db/db.server";
import { ROLES, type Role } from "~/domain/content";
import { TRANSITION_NAMES, TRANSITIONS } from "~/domain/lifecycle";
import { can, canEditContent, editRefusal, forbiddenMessage, type Permission } from "~/domain/permissions";
import { SECTION_PERMISSION, SETTINGS_SECTIONS } from "~/domain/settings-sections";
import { OWNER_ONLY } from "~/domain/workspace-forms";
import { databaseDigest } from "./db-snapshot";
import { ORIGIN, SAMPLE, cookieFor, freshSeed, run, type Outcome } from "./route-helpers";
import { intentsOf } from "./handler-intents";
import { loadRoutes, type RouteEntry } from "./route-modules";

// Every action handler of every route, as every role and signed out, against permissions.ts: a
// refused member gets 403 with the permission's message and nothing is stored; an allowed one is
// never refused. The handlers are found by running the routes, not listed by hand: a handler
// without a rule below fails the first test. Each handler checks first, so the test posts only the
// ids the check needs (an allowed member then gets a 400 for the rest, or the action done).

/** A route with one handler and no intents (routeAction({ handler })), and one with its own action (no rule may name it). */
const ONE_FORM = "(form)";
const OWN_ACTION = "(own action)";

// The action helpers, wrapped to record the intents of the handler table each route passes them.
const recorded = vi.hoisted(() => ({ last: null as string[] | null, byAction: new WeakMap<object, string[]>() }));
vi.mock("~/web/action.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/web/action.server")>();
  const remember = <A extends object>(action: A, intents: string[]) => {
    recorded.last = intents;
    recorded.byAction.set(action, intents);
    return action;
  };
  return {
    ...real,
    routeAction: ((spec: { intents?: Record<string, unknown>; handler?: unknown }) =>
      remember(real.routeAction(spec as never), spec.intents ? Object.keys(spec.intents) : [ONE_FORM])) as typeof real.routeAction,
  };
});

type Rule =
  /**
   * authorize(user, permission) and/or requireEditableItem / requireEditablePost (Editors and
   * Admins, or a Writer on their own draft) first; `fields` pick the case (a transition, a settings section).
   */
  | { permission: Permission; edit?: true; fields?: Record<string, string> }
  | { edit: true; fields?: Record<string, string> }
  /** Any signed-in member: the handler acts only on the member's own data, or reads only. */
  | { member: string; fields?: Record<string, string> }
  /** No session needed: signing in or out, accepting an invitation, a bearer token. */
  | { anyone: string }
  /** The instance's Owner only (User.isOwner), whatever their role; every other member 403. */
  | { owner: true };

const RULES: Record<string, Record<string, Rule | Rule[]>> = {
  "api.v1.metrics": { [ONE_FORM]: { anyone: "a bearer token from Settings › Website, not a session" } },
  "assistant.check": { [ONE_FORM]: { member: "the built-in checker reads the text sent; no model, nothing written" } },
  "assistant.generate": { [ONE_FORM]: { edit: true } },
  captions: {
    generate: { permission: "content.create" },
    save: { permission: "content.create", edit: true },
  },
  "content.$id.channels": {
    create: { edit: true },
    text: { edit: true },
    schedule: { edit: true },
    unschedule: { edit: true },
    retry: { edit: true },
    posted: { edit: true },
  },
  "content.$id.save": { [ONE_FORM]: { edit: true } },
  "content.new": { [ONE_FORM]: { permission: "content.create" } },
  editor: {
    comment: { permission: "content.comment" },
    resolve: { permission: "content.comment" },
    transition: TRANSITION_NAMES.map((name) => ({ permission: TRANSITIONS[name].permission, fields: { transition: name } })),
    decide: { member: "the item's chain step names who may approve; the service refuses anyone else (403)" },
    reviewLink: { permission: "content.approve" },
    revokeReviewLink: { permission: "content.approve" },
    publishUnapproved: { permission: "settings.publishing" },
    schedule: { permission: "content.publish" },
    unschedule: { permission: "content.publish" },
    details: { edit: true },
    save: { edit: true },
    checkpoint: { edit: true },
    restore: { edit: true },
  },
  "invite.$token": { [ONE_FORM]: { anyone: "accepting an invitation: the token is the credential" } },
  library: {
    duplicate: { permission: "content.create" },
    archive: { permission: "content.archive" },
    restore: { permission: "content.archive" },
    delete: { permission: "content.delete" },
    move: { edit: true },
  },
  login: { [ONE_FORM]: { anyone: "signing in" } },
  "networks.meta.data-deletion": { [ONE_FORM]: { anyone: "Meta's servers: the Meta app's signature, not a session (issue 36)" } },
  "networks.meta.deauthorize": { [ONE_FORM]: { anyone: "Meta's servers: the Meta app's signature, not a session (issue 36)" } },
  "networks.threads.delete": { [ONE_FORM]: { anyone: "Meta's servers: the Threads app's signature, not a session (issue 36)" } },
  "networks.threads.uninstall": { [ONE_FORM]: { anyone: "Meta's servers: the Threads app's signature, not a session (issue 36)" } },
  logout: { [ONE_FORM]: { anyone: "signing out ends only the caller's session" } },
  notifications: { read: { member: "marks only the member's own notifications" } },
  workspace: { switch: { member: "moves only the member's own session, to a workspace they belong to" } },
  workspaces: { create: { owner: true }, rename: { owner: true }, delete: { owner: true } },
  presence: {
    beat: { member: "the member's own presence" },
    leave: { member: "the member's own presence" },
  },
  preview: { [ONE_FORM]: { member: "renders the text sent; reads or writes nothing" } },
  settings: {
    save: [
      ...SETTINGS_SECTIONS.map((section): Rule => {
        const permission = SECTION_PERMISSION[section];
        return permission ? { permission, fields: { section } } : { member: "the member's own notifications", fields: { section } };
      }),
      { permission: "settings.agents", fields: { reviewerBelowThreshold: "hold" } },
    ],
    invite: { permission: "team.manage" },
    renew: { permission: "team.manage" },
    role: { permission: "team.manage" },
    remove: { permission: "team.manage" },
    connect: { permission: "integrations.manage" },
    disconnect: { permission: "integrations.manage" },
    "webhook-url": { permission: "integrations.manage" },
    password: { member: "the member's own password" },
    "sign-out-others": { member: "the member's own other sessions" },
    "assistant-model": { permission: "integrations.manage" },
    "assistant-model-clear": { permission: "integrations.manage" },
    "assistant-model-test": { permission: "integrations.manage" },
    "assistant-model-ollama": { permission: "integrations.manage" },
    "local-model-access": { permission: "integrations.manage" },
    "network-app": { permission: "integrations.manage" },
    "network-connect": { permission: "integrations.manage" },
    "network-account": { permission: "integrations.manage" },
    "mastodon-instance": { permission: "integrations.manage" },
    "bluesky-connect": { permission: "integrations.manage" },
  },
  "settings_.approvals": {
    "add-chain": { permission: "settings.publishing" },
    "edit-chain": { permission: "settings.publishing" },
    "remove-chain": { permission: "settings.publishing" },
  },
  "review.$token": { [ONE_FORM]: { anyone: "a review link's token, not a session (checked, scoped to one item)" } },
  "settings_.audit": { retention: { permission: "audit.view" }, "head-webhook": { permission: "audit.view" } },
  "settings_.website": {
    "add-site": { permission: "integrations.manage" },
    "remove-site": { permission: "integrations.manage" },
    "tracker-options": { permission: "integrations.manage" },
    "create-token": { permission: "integrations.manage" },
    "revoke-token": { permission: "integrations.manage" },
    "csv-preview": { permission: "integrations.manage" },
    "csv-import": { permission: "integrations.manage" },
  },
  uploads: { [ONE_FORM]: { permission: "content.create" } },
  visuals: { [ONE_FORM]: { edit: true } },
  workflow: {
    start: { permission: "workflow.run" },
    pause: { permission: "workflow.run" },
    toggle: { permission: "workflow.run" },
    queueBrief: { permission: "workflow.run" },
    queueContent: { permission: "workflow.run" },
    retry: { permission: "workflow.run" },
    runAgain: { permission: "workflow.run" },
    approve: { permission: "content.approve" },
    addAgent: { permission: "workflow.edit" },
    move: { permission: "workflow.edit" },
  },
};

const routes = (await loadRoutes()).filter((r) => r.module.action);

const discovered = new Map<string, string[]>();
/** Who runs the instance (the seed's first member). */
const owners = new Set<string>();
beforeAll(async () => {
  await freshSeed();
  for (const { id } of await prisma.user.findMany({ where: { isOwner: true }, select: { id: true } })) owners.add(id);
  for (const route of routes) discovered.set(route.id, await intentsOf(route, recorded, () => [OWN_ACTION]));
});

describe("the rules cover every handler", () => {
  it("each handler of each route has a rule, and each rule a handler", () => {
    const handlers = [...discovered].flatMap(([id, intents]) => intents.map((intent) => `${id} › ${intent}`)).sort();
    const ruled = Object.entries(RULES)
      .flatMap(([id, byIntent]) => Object.keys(byIntent).map((intent) => `${id} › ${intent}`))
      .sort();
    expect(handlers.length).toBeGreaterThan(50);
    expect(handlers).toEqual(ruled);
  });
});

type Actor = { id: string; role: Role } | null;
interface Attempt {
  name: string;
  actor: Actor;
  /** Whose draft the handler acts on: the Writer's own, or the Editor's (someone else's, for a Writer). */
  owner: "Writer" | "Editor";
}
const ATTEMPTS: Attempt[] = [
  ...ROLES.map((role) => ({ name: role, actor: { id: SAMPLE[role], role }, owner: "Writer" as const })),
  { name: "signed out", actor: null, owner: "Writer" },
];
/** Where the item matters (an edit rule), a Writer also tries someone else's draft. */
const ON_OTHERS: Attempt = { name: "Writer, on someone else's draft", actor: { id: SAMPLE.Writer, role: "Writer" }, owner: "Editor" };

interface Case {
  label: string;
  route: RouteEntry;
  intent: string;
  rule: Rule;
  attempts: Attempt[];
}

const cases: Case[] = routes.flatMap((route) =>
  Object.entries(RULES[route.id] ?? {}).flatMap(([intent, rules]) =>
    [rules].flat().map((rule) => ({
      label: `${route.id} › ${intent}${"fields" in rule && rule.fields ? ` ${JSON.stringify(rule.fields)}` : ""}`,
      route,
      intent,
      rule,
      attempts: "edit" in rule ? [...ATTEMPTS, ON_OTHERS] : ATTEMPTS,
    })),
  ),
);

/** A draft of the owner's with a channel post: the ids every handler's check may need. */
async function draftWithPost(owner: Attempt["owner"]) {
  const item = await prisma.contentItem.create({
    data: { title: "Checked first", type: "blog", status: "draft", authorId: SAMPLE[owner], body: "Words to act on." },
  });
  const post = await prisma.channelPost.create({
    data: { contentId: item.id, channel: "twitter", text: "A post to act on.", createdById: SAMPLE[owner] },
  });
  return { item, post };
}

function send(c: Case, ids: { item: string; post: string }, cookie: string | null): Promise<Outcome> {
  const body = new URLSearchParams({ id: ids.item, contentId: ids.item, postId: ids.post });
  if (c.intent !== ONE_FORM && c.intent !== OWN_ACTION) body.set("intent", c.intent);
  for (const [k, v] of Object.entries("fields" in c.rule ? (c.rule.fields ?? {}) : {})) body.set(k, v);
  const params = { id: ids.item, token: "no-such-invitation" };
  const request = new Request(`${ORIGIN}${c.route.pathFor(params)}`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
  });
  return run(c.route.module.action!, request, params);
}

/** Null when allowed; otherwise the message the 403 must carry. */
function refusal(rule: Rule, actor: NonNullable<Actor>, item: { authorId: string; status: string }): string | null {
  if ("owner" in rule) return owners.has(actor.id) ? null : OWNER_ONLY;
  if ("permission" in rule && !can(actor.role, rule.permission)) return forbiddenMessage(actor.role, rule.permission);
  if ("edit" in rule && !canEditContent(actor, item)) return editRefusal(actor, item);
  return null;
}

/** One session per member, made once (logging out ends its own, so it gets a new one). */
const sessions = new Map<string, string>();
async function cookieOf(actor: Actor, route: RouteEntry) {
  if (!actor) return null;
  if (route.id === "logout") return cookieFor(actor.id);
  if (!sessions.has(actor.id)) sessions.set(actor.id, await cookieFor(actor.id));
  return sessions.get(actor.id)!;
}

const toSignIn = (o: Outcome) => o.status === 302 && (o.headers.get("Location") ?? "").startsWith("/login");

describe.each(cases.map((c) => [c.label, c] as const))("%s", (_label, c) => {
  // Each attempt gets a new draft and post; what an allowed attempt changes elsewhere decides nothing here.
  it.each(c.attempts)("as $name: refused or allowed as permissions.ts says", async ({ actor, owner }) => {
    const { item, post } = await draftWithPost(owner);
    const cookie = await cookieOf(actor, c.route);
    const message = actor && !("anyone" in c.rule) ? refusal(c.rule, actor, item) : null;
    const before = message === null ? null : await databaseDigest();
    const outcome = await send(c, { item: item.id, post: post.id }, cookie);
    const shown = `${outcome.status} ${JSON.stringify(outcome.body).slice(0, 300)}`;
    expect(outcome.status, shown).toBeLessThan(500);

    if ("anyone" in c.rule) {
      expect(outcome.status, shown).not.toBe(403);
    } else if (!actor) {
      // Sent to sign in before the form is read (that it stores nothing, the fuzz suite checks on every table).
      expect(toSignIn(outcome), shown).toBe(true);
    } else if (message === null) {
      expect(outcome.status, shown).not.toBe(403);
      expect(toSignIn(outcome) || outcome.status === 401, shown).toBe(false);
    } else {
      expect(outcome.status, shown).toBe(403);
      expect((outcome.body as { formError?: string }).formError).toContain(message);
      expect(await databaseDigest()).toEqual(before);
    }
  });
});
