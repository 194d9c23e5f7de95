import { thisWorkspace } from "~/db/workspace-keys.server";
import { Prisma } from "@prisma/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { prisma } from "~/db/db.server";
import type { AuditAction } from "~/domain/audit";
import { createApiToken } from "~/models/api-token.server";
import { createChain } from "~/models/approval.server";
import { createReviewLink } from "~/models/review-link.server";
import { saveAccountChoice, saveNetworkApp } from "~/models/network-app.server";
import { saveConnection } from "~/models/integration.server";
import { hashToken } from "~/crypto/tokens.server";
import { transitionContent } from "~/services/content-lifecycle.server";
import { acrossWorkspaces } from "~/db/workspace-scope.server";
import { createWorkspace } from "~/models/workspace.server";
import { DEMO_PASSWORD } from "../prisma/sample/people";
import { startFakeOllama, type FakeOllama } from "./fake-ollama";
import { startFakeNetwork, useFakeNetwork, type FakeNetwork } from "./fake-network";
import { fromMeta, signedRequest } from "./meta-signed";
import { ORIGIN, SAMPLE, cookieFor, freshSeed, post, run, type Outcome } from "./route-helpers";
import { intentsOf } from "./handler-intents";
import { loadRoutes, type RouteEntry } from "./route-modules";

// Issue 37: every handler that changes something of consequence writes exactly one audit row, with
// the action named here; every other handler writes none. The handlers are found by running the
// routes, as tests/every-handler-permissions.test.ts finds them: a handler without an entry below
// fails the first test. Audited handlers are sent a request that succeeds (each makes its own data).
// Decision 064: a handler whose success adds a row is a once-only create (createOnce, listed in
// tests/every-create-once.test.ts), or is named in ROWS_WITHOUT_CREATE_ONCE with why a retry cannot store twice.

const ONE_FORM = "(form)";
const OWN_ACTION = "(own action)";

const recorded = vi.hoisted(() => ({
  last: null as string[] | null,
  byAction: new WeakMap<object, string[]>(),
  /** The intents whose handlers are made with createOnce, by action (and of the last table made). */
  once: new WeakMap<object, string[]>(),
  lastOnce: null as string[] | null,
}));
vi.mock("~/web/action.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/web/action.server")>();
  const isOnce = (handler: unknown) => typeof handler === "function" && real.CREATES_ONCE in handler;
  const remember = <A extends object>(action: A, handlers: Record<string, unknown>) => {
    const intents = Object.keys(handlers);
    recorded.last = intents;
    recorded.byAction.set(action, intents);
    recorded.lastOnce = intents.filter((intent) => isOnce(handlers[intent]));
    recorded.once.set(action, recorded.lastOnce);
    return action;
  };
  return {
    ...real,
    routeAction: ((spec: { intents?: Record<string, unknown>; handler?: unknown }) =>
      remember(real.routeAction(spec as never), spec.intents ? spec.intents : { [ONE_FORM]: spec.handler })) as typeof real.routeAction,
  };
});

type Fields = Record<string, string>;
interface Audited {
  /** The row it writes, or its rows in order (publishing below the threshold: the override, then the publish). */
  audit: AuditAction | AuditAction[];
  /** Who sends it (an Admin unless said). */
  as?: keyof typeof SAMPLE;
  /** The form that succeeds, made fresh for the attempt; params for the URL. */
  fields: () => Promise<Fields> | Fields;
  params?: () => Promise<Record<string, string>> | Record<string, string>;
  /** A request other than a signed-in form post (signing in, a bearer token). */
  request?: (fields: Fields, path: string) => Promise<Request> | Request;
}
interface NotAudited {
  none: string;
  /** A form that succeeds (without it, the ids of a fresh draft are posted and may be refused with a 400). */
  fields?: (item: { id: string }) => Promise<Fields> | Fields;
}
type Spec = Audited | NotAudited;

async function draft(status = "draft", authorId: string = SAMPLE.Writer) {
  return prisma.contentItem.create({
    data: { title: `Audited ${status}`, type: "blog", status, authorId, body: "Clear, useful words for our readers. ".repeat(20) },
  });
}
async function invited() {
  const user = await prisma.user.create({ data: { name: "", email: `new-${Date.now()}@studio.test`, status: "invited" } });
  await prisma.membership.create({ data: { userId: user.id, role: "Writer", status: "invited" } });
  return user.id;
}
const plainPost = (fields: Fields, path: string) =>
  new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
  });
async function postOf(item: { id: string }, status = "draft", scheduledAt: Date | null = null) {
  return prisma.channelPost.create({
    data: { contentId: item.id, channel: "twitter", text: "A post.", status, scheduledAt, createdById: SAMPLE.Admin },
  });
}
/** A second workspace, made through the model (its own audit row comes before the snapshot). */
async function anotherWorkspace() {
  const made = await createWorkspace(`Other ${Date.now()}`, { id: SAMPLE.Admin, name: "Sarah Chen" });
  if (!made.ok) throw new Error(made.error);
  return made.id;
}
const tomorrow = () => new Date(Date.now() + 86_400_000);
const NOTHING_OF_CONSEQUENCE = "edits and working steps are kept in History, the activity feed and the workflow log";
/** An item by the Writer, submitted into a two-step chain (any Editor, then any Admin). Its setup's own rows come before the snapshot. */
async function inChain() {
  await prisma.approvalChain.deleteMany();
  await createChain({
    name: "Two sign-offs",
    scope: { kind: "all" },
    steps: [
      { mode: "any", members: [], roles: ["Editor"] },
      { mode: "any", members: [], roles: ["Admin"] },
    ],
  });
  const item = await draft("draft", SAMPLE.Writer);
  expect(await transitionContent(item.id, "submit", { id: SAMPLE.Writer, role: "Writer", name: "Priya Patel" })).toMatchObject({
    ok: true,
  });
  return item;
}
/** A live review link for a new item, made through the model (no row of its own). */
async function reviewLinkFor(token = "") {
  const item = await draft();
  const now = new Date();
  const link = await createReviewLink({
    contentId: item.id,
    tokenHash: hashToken(token || `unused-${Date.now()}`),
    createdById: SAMPLE.Admin,
    fingerprint: "",
    now,
    expiresAt: new Date(now.getTime() + 86_400_000),
  });
  return { item, linkId: link.id };
}
/** The Meta app saved and, for `person`, a Facebook connection of theirs; the signed_request Meta would send. */
async function metaCallback(person: string | null, network: "facebook" | "threads" = "facebook") {
  const secret = "meta-audit-secret";
  await saveNetworkApp(network, { clientId: "1234567890", clientSecret: secret }, SAMPLE.Admin);
  if (person)
    await saveConnection(
      network,
      { accessToken: "page-audit", refreshToken: null, expiresAt: null, accountId: "101", handle: "Coffee", networkUserId: person },
      SAMPLE.Admin,
    );
  return { signed_request: signedRequest({ algorithm: "HMAC-SHA256", user_id: person ?? "10000000000001" }, secret) };
}
const REVIEW_TOKEN = "audit-walk-review-token-000000000000000000";

let ollama: FakeOllama;
// Mastodon and Bluesky connect to a fake on loopback (tests/fake-network.ts).
let network: FakeNetwork;
const BLUESKY_HANDLE = "brightpath.bsky.social";
const BLUESKY_APP_PASSWORD = "abcd-efgh-ijkl-mnop";
const savedOllama = process.env.OLLAMA_HOST;
beforeAll(async () => {
  ollama = await startFakeOllama(["llama3.2:1b"]);
  process.env.OLLAMA_HOST = ollama.host;
  network = await startFakeNetwork();
  useFakeNetwork(network.base);
  network.bluesky.accounts.set(BLUESKY_HANDLE, BLUESKY_APP_PASSWORD);
});
afterAll(async () => {
  await network.close();
  await ollama.close();
  if (savedOllama === undefined) delete process.env.OLLAMA_HOST;
  else process.env.OLLAMA_HOST = savedOllama;
});

const transition = (name: string, status: string): Audited => ({
  audit: (
    {
      submit: "content.submitted",
      requestChanges: "content.changes-requested",
      // Below the threshold, with the override posted: the override's own row, then the publish.
      approve: ["content.voice-override", "content.published"],
      unpublish: "content.unpublished",
      archive: "content.archived",
      restore: "content.restored",
    } as const
  )[name as "submit"] as AuditAction | AuditAction[],
  fields: async () => ({ id: (await draft(status, SAMPLE.Admin)).id, transition: name, override: "true" }),
});

const SPECS: Record<string, Record<string, Spec | Spec[]>> = {
  "api.v1.metrics": {
    [ONE_FORM]: {
      audit: "metrics.imported",
      fields: async () => {
        const item = await draft("published");
        const post = await prisma.channelPost.create({
          data: {
            contentId: item.id,
            channel: "twitter",
            externalId: "tw-audit",
            status: "published",
            publishedAt: new Date(Date.now() - 86_400_000),
            createdById: SAMPLE.Admin,
          },
        });
        return { channelPostId: post.id, token: (await createApiToken("audit", SAMPLE.Admin)).token };
      },
      request: ({ channelPostId, token }, path) =>
        new Request(`${ORIGIN}${path}`, {
          method: "POST",
          headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
          body: JSON.stringify({ rows: [{ channelPostId, day: new Date().toISOString().slice(0, 10), shares: 3 }] }),
        }),
    },
  },
  "assistant.check": { [ONE_FORM]: { none: "reads the text sent", fields: () => ({ text: "A sentence to check." }) } },
  "assistant.generate": { [ONE_FORM]: { none: NOTHING_OF_CONSEQUENCE } },
  captions: { generate: { none: NOTHING_OF_CONSEQUENCE }, save: { none: NOTHING_OF_CONSEQUENCE } },
  "content.$id.channels": {
    create: { none: NOTHING_OF_CONSEQUENCE, fields: (item) => ({ id: item.id }) },
    text: { none: NOTHING_OF_CONSEQUENCE, fields: async (item) => ({ postId: (await postOf(item)).id, text: "New words." }) },
    schedule: {
      none: "a channel post's time; its publish or failed delivery is recorded when it happens",
      fields: async (item) => ({ postId: (await postOf(item)).id, scheduledAt: tomorrow().toISOString().slice(0, 16), override: "true" }),
    },
    unschedule: {
      none: "a channel post's time; its publish or failed delivery is recorded when it happens",
      fields: async (item) => ({ postId: (await postOf(item, "scheduled", tomorrow())).id }),
    },
    retry: { none: "asks delivery to try again; the outcome is recorded when it happens" },
    posted: {
      audit: "channel-post.marked-posted",
      as: "Editor",
      fields: async () => {
        const item = await draft("published");
        const post = await prisma.channelPost.create({
          data: { contentId: item.id, channel: "twitter", status: "manual", createdById: SAMPLE.Editor, text: "By hand." },
        });
        return { postId: post.id, url: "https://x.com/studiohq/status/1" };
      },
      params: () => ({ id: "x" }),
    },
  },
  "content.$id.save": { [ONE_FORM]: { none: NOTHING_OF_CONSEQUENCE, fields: () => ({ version: "1", body: "Saved words." }) } },
  "content.new": { [ONE_FORM]: { audit: "content.created", fields: () => ({ title: "Born audited", type: "blog" }) } },
  editor: {
    comment: { none: NOTHING_OF_CONSEQUENCE, fields: (item) => ({ id: item.id, comment: "A note." }) },
    decide: {
      audit: "content.approved",
      as: "Editor",
      fields: async () => ({ id: (await inChain()).id, decision: "approve", note: "", quote: "" }),
    },
    publishUnapproved: {
      audit: "content.published-without-approval",
      fields: async () => ({ id: (await inChain()).id, reason: "The launch cannot wait" }),
    },
    reviewLink: { audit: "review-link.created", fields: async () => ({ id: (await draft()).id, days: "7" }) },
    revokeReviewLink: {
      audit: "review-link.revoked",
      fields: async () => {
        const { item, linkId } = await reviewLinkFor();
        return { id: item.id, linkId };
      },
    },
    resolve: { none: NOTHING_OF_CONSEQUENCE },
    transition: [
      transition("submit", "draft"),
      transition("requestChanges", "review"),
      transition("approve", "review"),
      transition("unpublish", "published"),
      transition("archive", "published"),
      transition("restore", "archived"),
    ],
    schedule: {
      audit: "content.scheduled",
      fields: async () => {
        await prisma.settings.update({ where: thisWorkspace(), data: { scheduleOptimalTiming: true, generationThreshold: 0 } });
        return { id: (await draft("review")).id };
      },
    },
    unschedule: {
      audit: "content.unscheduled",
      fields: async () => {
        const item = await draft("review");
        await prisma.publishSchedule.create({
          data: { contentId: item.id, publishAt: new Date(Date.now() + 86_400_000), slot: "Tue 9:00", scheduledById: SAMPLE.Admin },
        });
        return { id: item.id };
      },
    },
    details: { none: NOTHING_OF_CONSEQUENCE, fields: (item) => ({ id: item.id, title: "Renamed" }) },
    save: { none: NOTHING_OF_CONSEQUENCE, fields: (item) => ({ id: item.id, version: "1", body: "Typed words." }) },
    checkpoint: { none: NOTHING_OF_CONSEQUENCE, fields: (item) => ({ id: item.id }) },
    restore: {
      audit: "content.revision-restored",
      fields: async () => {
        const item = await draft();
        const first = await prisma.contentRevision.create({
          data: { contentId: item.id, version: 1, title: item.title, body: "The first words.", authorId: SAMPLE.Writer, label: "Created" },
        });
        return { id: item.id, revision: first.id, version: String(item.version) };
      },
    },
  },
  "invite.$token": {
    [ONE_FORM]: {
      audit: "team.joined",
      fields: () => ({ name: "New Member", password: "a-long-enough-password", confirm: "a-long-enough-password" }),
      params: async () => {
        const { createInvitation } = await import("~/models/invitation.server");
        const made = await createInvitation({ email: `joiner-${Date.now()}@studio.test`, role: "Writer", invitedById: SAMPLE.Admin });
        if (!made.ok || !made.token) throw new Error("no invitation link was made");
        return { token: made.token };
      },
      request: plainPost,
    },
  },
  library: {
    duplicate: { audit: "content.created", fields: async () => ({ id: (await draft()).id }) },
    archive: { audit: "content.archived", fields: async () => ({ id: (await draft("published")).id }) },
    restore: { audit: "content.restored", fields: async () => ({ id: (await draft("archived")).id }) },
    delete: { audit: "content.deleted", fields: async () => ({ id: (await draft()).id }) },
    move: {
      none: "a channel post's day; its publish is recorded when it happens",
      fields: async (item) => {
        const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
        await prisma.settings.update({ where: thisWorkspace(), data: { generationThreshold: 0 } });
        return { postId: (await postOf(item, "scheduled", tomorrow())).id, day };
      },
    },
  },
  login: {
    [ONE_FORM]: {
      audit: "auth.signed-in",
      fields: () => ({ email: "sarah@studio.test", password: DEMO_PASSWORD, redirectTo: "/" }),
      request: plainPost,
    },
  },
  logout: { [ONE_FORM]: { audit: "auth.signed-out", fields: () => ({}) } },
  // Issue 36: Meta's callbacks. Deauthorize records what a revoked token records (connection.lost, once
  // per connection of that person); data deletion records its own row, here for a person with no
  // connection (with one, the connection.lost row of the shared path comes before it).
  "networks.meta.deauthorize": {
    [ONE_FORM]: {
      audit: "connection.lost",
      fields: async () => metaCallback("10203040506070"),
      request: (fields, path) => fromMeta(path, fields),
    },
  },
  "networks.meta.data-deletion": {
    [ONE_FORM]: {
      audit: "connection.data-deleted",
      fields: async () => metaCallback(null),
      request: (fields, path) => fromMeta(path, fields),
    },
  },
  // Threads' uninstall and delete callbacks: the same two paths, with the Threads app.
  "networks.threads.uninstall": {
    [ONE_FORM]: {
      audit: "connection.lost",
      fields: async () => metaCallback("10203040506070", "threads"),
      request: (fields, path) => fromMeta(path, fields),
    },
  },
  "networks.threads.delete": {
    [ONE_FORM]: {
      audit: "connection.data-deleted",
      fields: async () => metaCallback(null, "threads"),
      request: (fields, path) => fromMeta(path, fields),
    },
  },
  notifications: { read: { none: "the member's own notifications" } },
  workspace: { switch: { none: "which workspace the member's own session works in" } },
  presence: {
    beat: { none: "the member's own presence", fields: (item) => ({ contentId: item.id }) },
    leave: { none: "the member's own presence", fields: (item) => ({ contentId: item.id }) },
  },
  preview: { [ONE_FORM]: { none: "renders the text sent", fields: () => ({ text: "# A heading" }) } },
  settings: {
    save: [
      {
        audit: "settings.changed",
        fields: () => ({
          section: "brandVoice",
          brandToneId: "casual",
          brandKeywords: "plain, kind",
          contentGuidelines: "Short sentences.",
        }),
      },
      { audit: "settings.changed", fields: () => ({ section: "agents", generationThreshold: "61", creativityLevel: "Balanced" }) },
      { audit: "settings.changed", fields: () => ({ section: "publishing", autoPost: "on" }) },
      {
        audit: "settings.changed",
        fields: () => ({ section: "channels", teamName: "Northwind", timeZone: "Asia/Tokyo", siteUrl: "https://nw.test" }),
      },
      { none: "a member's own notification settings", fields: () => ({ section: "notifications", notify: "comment" }) },
    ],
    invite: { audit: "team.invited", fields: () => ({ email: `invitee-${Date.now()}@studio.test`, role: "Writer" }) },
    renew: { audit: "team.invite-renewed", fields: async () => ({ userId: await invited() }) },
    role: { audit: "team.role-changed", fields: () => ({ userId: SAMPLE.Writer, role: "Editor" }) },
    remove: { audit: "team.removed", fields: () => ({ userId: SAMPLE.Analyst }) },
    connect: { audit: "integration.connected", fields: () => ({ platform: "facebook", handle: "studio", webhookSecret: "s3cret-value" }) },
    disconnect: { audit: "integration.disconnected", fields: () => ({ platform: "linkedin" }) },
    "webhook-url": {
      audit: "integration.webhook-changed",
      fields: () => ({ platform: "twitter", webhookUrl: "https://100.128.0.9/hooks/x" }),
    },
    password: {
      audit: "auth.password-changed",
      fields: () => ({ current: DEMO_PASSWORD, password: "a-new-long-password", confirm: "a-new-long-password" }),
    },
    "sign-out-others": { audit: "auth.signed-out-others", fields: () => ({}) },
    "assistant-model": {
      audit: "settings.model-saved",
      fields: () => ({ baseUrl: "http://100.128.0.9/v1", model: "tiny", apiKey: "sk-not-logged" }),
    },
    "assistant-model-clear": { audit: "settings.model-cleared", fields: () => ({}) },
    "assistant-model-test": { none: "asks the model to answer; changes nothing" },
    "assistant-model-ollama": { audit: "settings.model-saved", fields: () => ({ model: "llama3.2:1b" }) },
    "local-model-access": { audit: "settings.local-model-allowed", fields: () => ({ allowed: "on" }) },
    "network-app": {
      audit: "settings.app-credentials-saved",
      fields: () => ({ platform: "twitter", clientId: "abc", clientSecret: "s3cret-value" }),
    },
    "network-connect": { none: "starts the network's consent; the connection made is recorded by the callback" },
    "network-account": {
      audit: "connection.made",
      fields: () => ({ intent: "network-account", platform: "facebook", accountId: "101" }),
      request: async (fields, path) => {
        const cookie = await cookieFor(SAMPLE.Admin);
        // The choice a Facebook consent left for this session: every Admin session gets one.
        for (const { id } of await prisma.session.findMany({ where: { userId: SAMPLE.Admin }, select: { id: true } }))
          await saveAccountChoice({
            network: "facebook",
            sessionId: id,
            userId: SAMPLE.Admin,
            choices: [
              {
                account: { id: "101", handle: "Bright Path Coffee" },
                tokens: { accessToken: "page-token", refreshToken: null, expiresAt: null },
              },
            ],
            expiresAt: new Date(Date.now() + 600_000),
          });
        return post(path, fields, cookie);
      },
    },
    "mastodon-instance": { audit: "settings.app-credentials-saved", fields: () => ({ platform: "mastodon", instance: network.base }) },
    "bluesky-connect": {
      audit: "connection.made",
      fields: () => ({ platform: "bluesky", handle: BLUESKY_HANDLE, appPassword: BLUESKY_APP_PASSWORD }),
    },
  },
  "settings_.approvals": {
    "add-chain": {
      audit: "approval.chain-added",
      fields: () => ({ name: "Editors sign off", scope: "all", step1: "role:Editor", step1Mode: "any" }),
    },
    "edit-chain": {
      audit: "approval.chain-changed",
      fields: async () => ({
        chainId: (await createChain({ name: "Old", scope: { kind: "all" }, steps: [{ mode: "any", members: [], roles: ["Editor"] }] })).id,
        name: "New",
        scope: "all",
        step1: "role:Admin",
      }),
    },
    "remove-chain": {
      audit: "approval.chain-removed",
      fields: async () => ({
        chainId: (await createChain({ name: "Gone", scope: { kind: "all" }, steps: [{ mode: "any", members: [], roles: ["Editor"] }] })).id,
      }),
    },
  },
  "review.$token": {
    [ONE_FORM]: {
      // The item is in no chain that lists "External": the reviewer's word is recorded, not counted.
      audit: "content.approved",
      fields: async () => {
        await reviewLinkFor(REVIEW_TOKEN);
        return { name: "Dana from the client", decision: "approve", note: "" };
      },
      params: () => ({ token: REVIEW_TOKEN }),
    },
  },
  // The Owner's screen (decision 079): the instance's own entries (workspace ""), one per change.
  workspaces: {
    create: { audit: "workspace.created", fields: () => ({ name: `Audited ${Date.now()}` }) },
    rename: { audit: "workspace.renamed", fields: async () => ({ workspaceId: await anotherWorkspace(), name: `Renamed ${Date.now()}` }) },
    delete: {
      audit: "workspace.deleted",
      fields: async () => {
        const workspaceId = await anotherWorkspace();
        const { name } = await acrossWorkspaces(() => prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId } }));
        return { workspaceId, confirm: name };
      },
    },
  },
  "settings_.audit": {
    retention: { audit: "settings.changed", fields: () => ({ retentionDays: "200" }) },
    "head-webhook": { audit: "settings.changed", fields: () => ({ auditHeadWebhookUrl: "https://93.184.215.14/audit-head" }) },
  },
  "settings_.website": {
    "add-site": { audit: "site.added", fields: () => ({ origin: `https://audit-${Date.now()}.test` }) },
    "remove-site": {
      audit: "site.removed",
      fields: async () => ({
        id: (await prisma.trackedSite.create({ data: { origin: "https://gone.test", createdById: SAMPLE.Admin } })).id,
      }),
    },
    "tracker-options": { audit: "settings.changed", fields: () => ({ respectDoNotTrack: "on", retentionDays: "45" }) },
    "create-token": { audit: "api-token.created", fields: () => ({ name: "Scheduler" }) },
    "revoke-token": { audit: "api-token.revoked", fields: async () => ({ id: (await createApiToken("Old", SAMPLE.Admin)).id }) },
    "csv-preview": {
      none: "reads the file; nothing is stored",
      fields: () => ({
        csv: `post,day,impressions,likes,comments,shares,clicks\nghost,${new Date().toISOString().slice(0, 10)},1,1,1,1,1`,
      }),
    },
    "csv-import": {
      audit: "metrics.imported",
      fields: async () => {
        const item = await draft("published");
        await prisma.channelPost.create({
          data: {
            contentId: item.id,
            channel: "twitter",
            externalId: "tw-csv",
            status: "published",
            publishedAt: new Date(Date.now() - 86_400_000),
            createdById: SAMPLE.Admin,
          },
        });
        const day = new Date().toISOString().slice(0, 10);
        return { csv: `post,day,impressions,likes,comments,shares,clicks\ntw-csv,${day},100,4,1,3,2` };
      },
    },
  },
  uploads: { [ONE_FORM]: { none: NOTHING_OF_CONSEQUENCE } },
  visuals: { [ONE_FORM]: { none: NOTHING_OF_CONSEQUENCE } },
  workflow: {
    start: { audit: "workflow.started", fields: () => ({}) },
    pause: { audit: "workflow.paused", fields: () => ({}) },
    toggle: { audit: "workflow.started", fields: () => ({}) },
    queueBrief: { none: NOTHING_OF_CONSEQUENCE, fields: () => ({ title: "A brief", type: "blog", brief: "Cover the basics." }) },
    queueContent: { none: NOTHING_OF_CONSEQUENCE, fields: (item) => ({ contentId: item.id }) },
    retry: { none: NOTHING_OF_CONSEQUENCE },
    runAgain: { none: NOTHING_OF_CONSEQUENCE },
    approve: {
      audit: "content.approved",
      as: "Editor",
      fields: async () => {
        // A run held at its last step for a person's approval.
        const item = await draft("review");
        const run = await prisma.workflowRun.create({
          data: { status: "waiting", contentId: item.id, pipeline: JSON.stringify(["agent-reviewer"]), outcome: "waiting for approval" },
        });
        await prisma.workflowJob.create({
          data: { runId: run.id, position: 0, agentId: "agent-reviewer", status: "waiting", idempotencyKey: `${run.id}:0` },
        });
        return { runId: run.id };
      },
    },
    addAgent: { audit: "settings.agent-added", fields: () => ({ type: "reviewer", name: "Audited agent", after: "" }) },
    move: { none: "an agent's place on the canvas", fields: () => ({ id: "agent-editor", x: "40", y: "80" }) },
  },
};

/** Handlers whose success adds a row but that are not once-only creates, and why a retry stores no second one. */
const ROWS_WITHOUT_CREATE_ONCE: Record<string, string> = {
  "editor › publishUnapproved":
    "publishing moves the item out of review: sent again it is refused (409), so its history row is written once",
  "networks.meta.data-deletion › (form)": "Meta's deletion request: each request Meta sends gets its own confirmation code",
  "networks.threads.delete › (form)": "Meta's deletion request: each request Meta sends gets its own confirmation code",
  "content.$id.save › (form)": "a save of the item's text, kept in History, not a new item",
  "editor › save": "a save of the item's text, kept in History, not a new item",
  "editor › restore": "restoring is a save of an earlier text, kept in History",
  "editor › schedule": "one schedule per item: sent again, it is set again",
  "editor › transition": "publishing makes the item's posts; the same change sent again is refused, the item having moved on",
  "presence › beat": "a member's one presence row per item, kept fresh",
  "settings › assistant-model": "the one model setting, saved over",
  "settings › assistant-model-ollama": "the one model setting, saved over",
  "settings › mastodon-instance": "one app per instance, saved over",
  "settings › network-app": "one app per network, saved over",
  "settings › renew": "a member's one invitation: sent again, it is replaced",
  "settings › save": "one preference per member and kind, saved over",
  "settings_.website › tracker-options": "the one tracker setting, saved over",
  "workspaces › create": "a workspace's name is unique: sent again, it is refused (400), never stored twice",
};

const routes = (await loadRoutes()).filter((r) => r.module.action);

const discovered = new Map<string, string[]>();
const onceHandlers = new Set<string>();
beforeAll(async () => {
  await freshSeed();
  for (const route of routes) {
    recorded.lastOnce = null;
    discovered.set(route.id, await intentsOf(route, recorded, () => [OWN_ACTION]));
    const once = recorded.once.get(route.module.action!) ?? recorded.lastOnce ?? [];
    for (const intent of once) onceHandlers.add(`${route.id} › ${intent}`);
  }
});
beforeEach(() => freshSeed());

describe("every handler is listed", () => {
  it("each handler of each route says what it records, and each entry has a handler", () => {
    const handlers = [...discovered].flatMap(([id, intents]) => intents.map((intent) => `${id} › ${intent}`)).sort();
    const listed = Object.entries(SPECS)
      .flatMap(([id, byIntent]) => Object.keys(byIntent).map((intent) => `${id} › ${intent}`))
      .sort();
    expect(handlers.length).toBeGreaterThan(50);
    expect(handlers).toEqual(listed);
  });

  it("each handler said to add rows without being a once-only create is a handler, and not one", () => {
    const handlers = new Set([...discovered].flatMap(([id, intents]) => intents.map((intent) => `${id} › ${intent}`)));
    for (const named of Object.keys(ROWS_WITHOUT_CREATE_ONCE)) {
      expect(handlers.has(named), named).toBe(true);
      expect(onceHandlers.has(named), named).toBe(false);
    }
  });
});

const cases = routes.flatMap((route) =>
  Object.entries(SPECS[route.id] ?? {}).flatMap(([intent, specs]) =>
    [specs]
      .flat()
      .map((spec, i) => ({ label: `${route.id} › ${intent}${[specs].flat().length > 1 ? ` #${i + 1}` : ""}`, route, intent, spec })),
  ),
);

/** Sends the request; `ready` runs once it is made (its setup done), just before it is sent. */
async function send(route: RouteEntry, intent: string, spec: Audited, fields: Fields, ready: () => Promise<unknown>): Promise<Outcome> {
  const params = (await spec.params?.()) ?? {};
  const path = route.pathFor(params);
  const body = intent === ONE_FORM || intent === OWN_ACTION ? fields : { intent, ...fields };
  const request = spec.request ? await spec.request(fields, path) : post(path, body, await cookieFor(SAMPLE[spec.as ?? "Admin"]));
  await ready();
  return run(route.module.action!, request, params);
}

/** Rows that record what another change did (or the caller's session), not rows a retry would repeat. */
const RECORD_TABLES = new Set(["AuditEntry", "ActivityEvent", "Notification", "Session", "LoginFailure", "IdempotencyKey", "DataRevision"]);
const delegates = prisma as unknown as Record<string, { count: () => Promise<number> }>;
const MODELS = Prisma.dmmf.datamodel.models.map((m) => m.name).filter((name) => !RECORD_TABLES.has(name));
const rowCounts = async () =>
  Object.fromEntries(
    await Promise.all(MODELS.map(async (name) => [name, await delegates[name[0].toLowerCase() + name.slice(1)].count()] as const)),
  );

/** The tables a successful handler added rows to, unless it is a once-only create or named here. */
async function checkCreates(label: string, before: Record<string, number>) {
  const after = await rowCounts();
  const grown = MODELS.filter((name) => after[name] > before[name]);
  const onceOnly = onceHandlers.has(label.replace(/ #\d+$/, ""));
  const reason = ROWS_WITHOUT_CREATE_ONCE[label.replace(/ #\d+$/, "")];
  if (!onceOnly && !reason) expect(grown, `${label} adds rows: make it a once-only create (decision 064) or say why not`).toEqual([]);
}

describe.each(cases.map((c) => [c.label, c] as const))("%s", (_label, c) => {
  if ("none" in c.spec) {
    const reason = c.spec.none;
    const made = c.spec.fields;
    it(`writes no audit row${made ? ", having done it" : ""} (${reason})`, async () => {
      const item = await draft("draft", SAMPLE.Admin);
      const before = await acrossWorkspaces(() => prisma.auditEntry.count());
      const body: Fields = made ? await made(item) : { id: item.id, contentId: item.id };
      if (c.intent !== ONE_FORM && c.intent !== OWN_ACTION) body.intent = c.intent;
      const request = post(c.route.pathFor({ id: item.id }), body, await cookieFor(SAMPLE.Admin));
      const rows = await rowCounts();
      const outcome = await run(c.route.module.action!, request, { id: item.id });
      const shown = `${outcome.status} ${JSON.stringify(outcome.body).slice(0, 300)}`;
      expect(outcome.status, shown).toBeLessThan(made ? 400 : 500);
      expect(await acrossWorkspaces(() => prisma.auditEntry.count())).toBe(before);
      await checkCreates(c.label, rows);
    });
    return;
  }
  const spec = c.spec;
  it(`writes exactly one row: ${[spec.audit].flat().join(" then ")}`, async () => {
    // The case's own data first: what its setup records is not the handler's row.
    const fields = await spec.fields();
    // Across workspaces: the Owner's changes are the instance's entries (workspace "").
    const before = await acrossWorkspaces(() => prisma.auditEntry.findMany({ select: { id: true } }));
    let counted: Record<string, number> = {};
    const outcome = await send(c.route, c.intent, spec, fields, async () => (counted = await rowCounts()));
    expect(outcome.status, JSON.stringify(outcome.body).slice(0, 300)).toBeLessThan(400);
    await checkCreates(c.label, counted);
    const rows = await acrossWorkspaces(() => prisma.auditEntry.findMany({ where: { id: { notIn: before.map((r) => r.id) } } }));
    expect(rows.map((r) => r.action)).toEqual([spec.audit].flat());
    // Never a secret: neither the values posted as secrets nor a token appear in the row.
    expect(JSON.stringify(rows)).not.toMatch(/s3cret-value|sk-not-logged|a-new-long-password|studio-demo-2026|abcd-efgh-ijkl-mnop/);
  });
});

describe("recorded outside the handlers' success", () => {
  it("a failed sign-in writes one row, naming the email tried and why", async () => {
    const { action } = await import("~/routes/login");
    const outcome = await run(action, plainPost({ email: "sarah@studio.test", password: "wrong-password" }, "/login"));
    expect(outcome.status).toBe(401);
    const rows = await prisma.auditEntry.findMany();
    expect(rows.map((r) => [r.action, r.objectTitle, JSON.parse(r.after!).reason])).toEqual([
      ["auth.sign-in-failed", "sarah@studio.test", "wrong email or password"],
    ]);
  });

  it("a status change made through the lifecycle service records before → after", async () => {
    const item = await draft("review");
    await transitionContent(item.id, "approve", { id: SAMPLE.Editor, role: "Editor", name: "Marcus Rivera" }, new Date(), {
      override: true,
    });
    const row = await prisma.auditEntry.findFirstOrThrow({ where: { objectId: item.id, action: "content.published" } });
    expect([row.action, JSON.parse(row.before!), JSON.parse(row.after!)]).toEqual([
      "content.published",
      { status: "review" },
      { status: "published" },
    ]);
  });
});
