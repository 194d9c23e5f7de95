import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { prisma } from "~/db/db.server";
import { hashToken } from "~/crypto/tokens.server";
import { createApiToken } from "~/models/api-token.server";
import { createChain } from "~/models/approval.server";
import { createReviewLink } from "~/models/review-link.server";
import { transitionContent } from "~/services/content-lifecycle.server";
import { ORIGIN, SAMPLE, cookieFor, freshSeed, run, type Outcome } from "./route-helpers";
import { intentsOf } from "./handler-intents";
import { loadRoutes, type RouteEntry } from "./route-modules";

// Decision 064: a create sent twice with one idempotency key stores one row and answers the same.
// The create handlers are found as tests/every-handler-*.test.ts find handlers: a handler made with
// createOnce that is not listed in CREATES below (or listed and not made so) fails the first test.
// A create not made with createOnce is caught by tests/every-handler-audits.test.ts, which runs every
// handler with a request that succeeds: one that adds a row must be made so (or say why not).

const ONE_FORM = "(form)";
const OWN_ACTION = "(own action)";

const recorded = vi.hoisted(() => ({ last: null as string[] | null, byAction: new WeakMap<object, string[]>() }));
vi.mock("~/web/action.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/web/action.server")>();
  const once = (handler: unknown) => typeof handler === "function" && real.CREATES_ONCE in handler;
  const remember = <A extends object>(action: A, intents: string[]) => {
    recorded.last = intents;
    recorded.byAction.set(action, intents);
    return action;
  };
  const creating = (handlers: Record<string, unknown>) => Object.keys(handlers).filter((intent) => once(handlers[intent]));
  return {
    ...real,
    routeAction: ((spec: { intents?: Record<string, unknown>; handler?: unknown }) =>
      remember(
        real.routeAction(spec as never),
        spec.intents ? creating(spec.intents) : once(spec.handler) ? [ONE_FORM] : [],
      )) as typeof real.routeAction,
  };
});

type Fields = Record<string, string>;
interface Create {
  /** Who sends it (an Admin unless said). */
  as?: keyof typeof SAMPLE;
  /** The form that succeeds, made once per case (the same form is sent each time). */
  fields: () => Promise<Fields> | Fields;
  params?: (fields: Fields) => Record<string, string>;
  /** A request other than a signed-in form post: the key goes where that caller sends it. */
  request?: (fields: Fields, path: string, key: string) => Request;
  /** The rows (or, for a batch, the batches) a second store would add; imports count their audit rows. */
  count: () => Promise<number>;
  /** Why a second key cannot store a second row (the rows are one per channel, per day…); absent: it stores two. */
  oneAnyway?: string;
}

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const REVIEW_TOKEN = "create-once-review-token-0000000000000000000";

async function draft(status = "draft", authorId: string = SAMPLE.Admin) {
  return prisma.contentItem.create({
    data: { title: `Once ${status}`, type: "blog", status, authorId, body: "Clear, useful words for our readers. ".repeat(20) },
  });
}
/** An item by the Writer, submitted into a two-step chain (any Editor, then any Admin). */
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
  await transitionContent(item.id, "submit", { id: SAMPLE.Writer, role: "Writer", name: "Priya Patel" });
  return item;
}
async function publishedPost(externalId: string) {
  const item = await draft("published");
  return prisma.channelPost.create({
    data: {
      contentId: item.id,
      channel: "twitter",
      externalId,
      status: "published",
      publishedAt: new Date(Date.now() - 86_400_000),
      createdById: SAMPLE.Admin,
    },
  });
}
const today = () => new Date().toISOString().slice(0, 10);
const audits = (action: string) => () => prisma.auditEntry.count({ where: { action } });
const withCookie = async (role: keyof typeof SAMPLE) => cookieFor(SAMPLE[role]);

/** Every create handler, with a form that succeeds. The one list the walk below checks against. */
const CREATES: Record<string, Record<string, Create>> = {
  "content.new": { [ONE_FORM]: { fields: () => ({ title: "Born once", type: "blog" }), count: () => prisma.contentItem.count() } },
  library: { duplicate: { fields: async () => ({ id: (await draft()).id }), count: () => prisma.contentItem.count() } },
  editor: {
    comment: { fields: async () => ({ id: (await draft()).id, comment: "A note, once." }), count: () => prisma.comment.count() },
    reviewLink: { fields: async () => ({ id: (await draft()).id, days: "7" }), count: () => prisma.reviewLink.count() },
    decide: {
      as: "Editor",
      fields: async () => ({ id: (await inChain()).id, decision: "approve", note: "", quote: "" }),
      count: () => prisma.approvalDecision.count(),
      oneAnyway: "a member decides once per step; the second is refused",
    },
  },
  "content.$id.channels": {
    create: {
      fields: async () => ({ id: (await draft()).id }),
      params: (fields) => ({ id: fields.id }),
      // Posts are made a batch at a time (one per connected channel), each batch logged once.
      count: () => prisma.activityEvent.count({ where: { action: { startsWith: "planned" } } }),
      oneAnyway: "one post per channel",
    },
  },
  uploads: {
    [ONE_FORM]: {
      fields: () => ({ alt: "A dot" }),
      request: (fields, url, key) => {
        const form = new FormData();
        for (const [k, v] of Object.entries({ ...fields, idempotencyKey: key })) form.append(k, v);
        form.append("file", new File([new Uint8Array(PNG)], "dot.png", { type: "image/png" }));
        return new Request(url, { method: "POST", body: form, headers: { Origin: ORIGIN, Cookie: cookies.get("Admin")! } });
      },
      count: () => prisma.upload.count(),
    },
  },
  workflow: {
    addAgent: { fields: () => ({ type: "reviewer", name: "Checked once", after: "" }), count: () => prisma.agent.count() },
    queueBrief: {
      fields: () => ({ title: "A brief, once", type: "blog", brief: "Cover the basics." }),
      count: () => prisma.workflowRun.count({ where: { briefTitle: "A brief, once" } }),
    },
    runAgain: {
      fields: async () => {
        const item = await draft();
        const hourAgo = new Date(Date.now() - 3_600_000);
        const run = await prisma.workflowRun.create({
          data: {
            status: "succeeded",
            outcome: "returned",
            contentId: item.id,
            requestedById: SAMPLE.Admin,
            createdAt: hourAgo,
            finishedAt: hourAgo,
          },
        });
        return { runId: run.id };
      },
      count: () => prisma.workflowRun.count(),
      oneAnyway: "one open run per item; the second is refused",
    },
    queueContent: {
      fields: async () => ({ contentId: (await draft()).id }),
      count: () => prisma.workflowRun.count(),
      oneAnyway: "one open run per item; the second is refused",
    },
  },
  "settings_.website": {
    "add-site": {
      fields: () => ({ origin: "https://once.example.com" }),
      count: () => prisma.trackedSite.count(),
      oneAnyway: "an origin is registered once; the second is refused",
    },
    "create-token": { fields: () => ({ name: "Scheduler, once" }), count: () => prisma.apiToken.count() },
    "csv-import": {
      fields: async () => {
        await publishedPost("tw-once");
        return { csv: `post,day,impressions,likes,comments,shares,clicks\ntw-once,${today()},100,4,1,3,2` };
      },
      count: audits("metrics.imported"),
    },
  },
  "settings_.approvals": {
    "add-chain": {
      fields: () => ({ name: "Editors sign off, once", scope: "all", step1: "role:Editor", step1Mode: "any" }),
      count: () => prisma.approvalChain.count(),
    },
  },
  settings: {
    invite: {
      fields: () => ({ email: "invited-once@studio.test", role: "Writer" }),
      count: () => prisma.invitation.count(),
      oneAnyway: "an email is invited once; the second is refused",
    },
  },
  captions: {
    save: {
      fields: async () => ({ contentId: (await draft()).id, platform: "linkedin", caption: "A caption, once." }),
      count: () => prisma.channelPost.count(),
      oneAnyway: "one post per channel; another key saves over its text",
    },
  },
  visuals: { [ONE_FORM]: { fields: async () => ({ contentId: (await draft()).id }), count: () => prisma.contentVisual.count() } },
  "api.v1.metrics": {
    [ONE_FORM]: {
      fields: async () => ({
        channelPostId: (await publishedPost("tw-api")).id,
        token: (await createApiToken("once", SAMPLE.Admin)).token,
      }),
      request: ({ channelPostId, token }, url, key) =>
        new Request(url, {
          method: "POST",
          headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", "Idempotency-Key": key },
          body: JSON.stringify({ rows: [{ channelPostId, day: today(), shares: 3 }] }),
        }),
      count: audits("metrics.imported"),
    },
  },
  "review.$token": {
    [ONE_FORM]: {
      fields: async () => {
        const item = await draft();
        const now = new Date();
        await createReviewLink({
          contentId: item.id,
          tokenHash: hashToken(REVIEW_TOKEN),
          createdById: SAMPLE.Admin,
          fingerprint: "",
          now,
          expiresAt: new Date(now.getTime() + 86_400_000),
        });
        return { name: "Dana from the client", decision: "approve", note: "" };
      },
      params: () => ({ token: REVIEW_TOKEN }),
      request: (fields, url, key) =>
        new Request(url, {
          method: "POST",
          body: new URLSearchParams({ ...fields, idempotencyKey: key }),
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
        }),
      count: () => prisma.approvalDecision.count(),
    },
  },
};
const routes = (await loadRoutes()).filter((r) => r.module.action);

// An action not made by routeAction is listed as its own, which no entry names: every action goes through the helper (decision 070).
const createsOf = (route: RouteEntry) => intentsOf(route, recorded, () => [OWN_ACTION]);

const uploadDir = path.resolve(`tests/.tmp/create-once-uploads-${process.pid}`);
const cookies = new Map<string, string>();
const discovered = new Map<string, string[]>();
beforeAll(async () => {
  process.env.UPLOAD_DIR = uploadDir;
  await freshSeed();
  for (const route of routes) discovered.set(route.id, await createsOf(route));
});
afterAll(() => {
  delete process.env.UPLOAD_DIR;
  fs.rmSync(uploadDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await freshSeed();
  cookies.clear();
  for (const role of Object.keys(SAMPLE) as (keyof typeof SAMPLE)[]) cookies.set(role, await withCookie(role));
});

describe("every create is listed", () => {
  it("each handler made with createOnce is in CREATES, and each entry is such a handler", () => {
    const found = [...discovered].flatMap(([id, intents]) => intents.map((intent) => `${id} › ${intent}`)).sort();
    const listed = Object.entries(CREATES)
      .flatMap(([id, byIntent]) => Object.keys(byIntent).map((intent) => `${id} › ${intent}`))
      .sort();
    expect(found.length).toBeGreaterThanOrEqual(20);
    expect(found).toEqual(listed);
  });
});

const cases = routes.flatMap((route) =>
  Object.entries(CREATES[route.id] ?? {}).map(([intent, spec]) => ({ label: `${route.id} › ${intent}`, route, intent, spec })),
);

type Case = (typeof cases)[number];

/** Sends the case's form with `key` as the member (or as its own caller sends it). */
function send(c: Case, fields: Fields, key: string, as = c.spec.as ?? "Admin"): Promise<Outcome> {
  const params = c.spec.params?.(fields) ?? {};
  const url = `${ORIGIN}${c.route.pathFor(params)}`;
  if (c.spec.request) return run(c.route.module.action!, c.spec.request(fields, url, key), params);
  const body = new URLSearchParams({ ...fields, idempotencyKey: key });
  if (c.intent !== ONE_FORM) body.set("intent", c.intent);
  const headers = { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Cookie: cookies.get(as)! };
  return run(c.route.module.action!, new Request(url, { method: "POST", body, headers }), params);
}

/** What a caller sees: the status, the body and where it is sent. */
const answer = (o: Outcome) => ({ status: o.status, body: o.body, location: o.headers.get("Location") });

describe.each(cases.map((c) => [c.label, c] as const))("%s", (_label, c) => {
  it("sent twice with one key: one row, and the second answer is the first", async () => {
    const fields = await c.spec.fields();
    const before = await c.spec.count();
    const first = await send(c, fields, "retry-key-1");
    expect(first.status, JSON.stringify(first.body).slice(0, 300)).toBeLessThan(400);
    expect(await c.spec.count()).toBe(before + 1);
    const again = await send(c, fields, "retry-key-1");
    expect(answer(again)).toEqual(answer(first));
    expect(await c.spec.count()).toBe(before + 1);
  });

  it(c.spec.oneAnyway ? `another key: still one row (${c.spec.oneAnyway})` : "another key: two rows", async () => {
    const fields = await c.spec.fields();
    const before = await c.spec.count();
    const first = await send(c, fields, "key-a");
    expect(first.status, JSON.stringify(first.body).slice(0, 300)).toBeLessThan(400);
    await send(c, fields, "key-b");
    expect(await c.spec.count()).toBe(before + (c.spec.oneAnyway ? 1 : 2));
  });

  it("two at once with one key: one row, both answered alike", async () => {
    const fields = await c.spec.fields();
    const before = await c.spec.count();
    const [a, b] = await Promise.all([send(c, fields, "racing-key"), send(c, fields, "racing-key")]);
    expect(a.status, JSON.stringify(a.body).slice(0, 300)).toBeLessThan(400);
    expect(answer(b)).toEqual(answer(a));
    expect(await c.spec.count()).toBe(before + 1);
  });
});

describe("keys", () => {
  const comment = () => cases.find((c) => c.label === "editor › comment")!;

  it("are the member's own: another member's same key makes their own comment", async () => {
    const c = comment();
    const fields = await c.spec.fields();
    const mine = await send(c, fields, "shared-key", "Admin");
    const theirs = await send(c, fields, "shared-key", "Editor");
    expect(theirs.status).toBe(200);
    expect((theirs.body as { commentId: string }).commentId).not.toBe((mine.body as { commentId: string }).commentId);
    const authors = await prisma.comment.findMany({ where: { contentId: fields.id }, select: { authorId: true } });
    expect(authors.map((a) => a.authorId).sort()).toEqual([SAMPLE.Admin, SAMPLE.Editor].sort());
  });

  it("sent with another form is a 409 beside the field, and stores nothing", async () => {
    const c = comment();
    const fields = await c.spec.fields();
    await send(c, fields, "used-key");
    const before = await prisma.comment.count();
    const other = await send(c, { ...fields, comment: "Different words." }, "used-key");
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({
      ok: false,
      intent: "comment",
      fieldErrors: { idempotencyKey: expect.stringContaining("already used") },
    });
    expect(await prisma.comment.count()).toBe(before);
  });

  it("a malformed key is a 400 and stores nothing", async () => {
    const c = comment();
    const fields = await c.spec.fields();
    const before = await prisma.comment.count();
    const sent = await send(c, fields, "no spaces <allowed>");
    expect(sent.status).toBe(400);
    expect(sent.body).toMatchObject({ fieldErrors: { idempotencyKey: expect.any(String) } });
    expect(await prisma.comment.count()).toBe(before);
  });

  it("a reply sent twice with one key is one reply", async () => {
    const c = comment();
    const fields = await c.spec.fields();
    const parent = await send(c, fields, "thread-key");
    const reply = { ...fields, comment: "A reply, once.", parentId: (parent.body as { commentId: string }).commentId };
    const first = await send(c, reply, "reply-key");
    const again = await send(c, reply, "reply-key");
    expect(answer(again)).toEqual(answer(first));
    expect(await prisma.comment.count({ where: { parentId: reply.parentId } })).toBe(1);
  });

  it("without a key a form works as before: sent twice, two comments", async () => {
    const c = comment();
    const fields = await c.spec.fields();
    const before = await prisma.comment.count();
    expect((await send(c, fields, "")).status).toBe(200);
    expect((await send(c, fields, "")).status).toBe(200);
    expect(await prisma.comment.count()).toBe(before + 2);
  });

  it("the API refuses a key reused with another body: 422, nothing stored", async () => {
    const c = cases.find((x) => x.route.id === "api.v1.metrics")!;
    const fields = await c.spec.fields();
    expect((await send(c, fields, "api-key")).status).toBe(200);
    const before = await prisma.channelPostMetric.findMany();
    const url = `${ORIGIN}${c.route.pathFor({})}`;
    const other = new Request(url, {
      method: "POST",
      headers: { Authorization: `Bearer ${fields.token}`, "Content-Type": "application/json", "Idempotency-Key": "api-key" },
      body: JSON.stringify({ rows: [{ channelPostId: fields.channelPostId, day: today(), shares: 9 }] }),
    });
    const refused = await run(c.route.module.action!, other);
    expect(refused.status).toBe(422);
    expect((refused.body as { formError: string }).formError).toContain("already used");
    expect(await prisma.channelPostMetric.findMany()).toEqual(before);
  });
});
