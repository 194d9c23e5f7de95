import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { databaseDigest } from "./db-snapshot";
import { discoverFields, discoverIntents } from "./fuzz-vocabulary";
import { ORIGIN, SAMPLE, cookieFor, freshSeed, run } from "./route-helpers";
import { loadRoutes, type RouteEntry } from "./route-modules";

// Every action, fed random and hostile form posts by members of every role and by nobody:
// never a 5xx or a thrown error, every refusal a 4xx with a readable message, and a refused
// request stores nothing (every table's rows compared before and after).

const routes = (await loadRoutes()).filter((r) => r.module.action);
const INTENTS = discoverIntents();
const FIELDS = discoverFields();
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

const HOSTILE = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  '\'; DROP TABLE "ContentItem"; --',
  "' OR '1'='1",
  "%' OR 1=1 --",
  "\u0000",
  "null",
  "undefined",
  "NaN",
  "-1",
  "0",
  "1e309",
  "9007199254740993",
  "true",
  "[]",
  '{"__proto__":{"admin":true}}',
  "../../etc/passwd",
  "\u202e\u200b\ud83d\ude00",
  "   ",
  "",
];

const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.constantFrom(...INTENTS) },
  { weight: 1, arbitrary: fc.constantFrom(10_001, 100_001, 1_100_000).map((n) => "x".repeat(n)) },
);
const fieldName = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...FIELDS) },
  { weight: 1, arbitrary: fc.constantFrom("__proto__", "constructor", "", "intent[]") },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);
const form = fc.record({
  intent: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...INTENTS) }, { weight: 1, arbitrary: text }),
  fields: fc.array(fc.tuple(fieldName, text), { maxLength: 8 }),
  withoutIntent: fc.boolean(),
  as: fc.constantFrom<"Admin" | "Editor" | "Writer" | "Analyst" | "nobody">("Admin", "Admin", "Editor", "Writer", "Analyst", "nobody"),
});

type FormInput = typeof form extends fc.Arbitrary<infer T> ? T : never;

let contentIds: string[] = [];
let cookies: Record<string, string> = {};

beforeAll(async () => {
  await freshSeed();
  contentIds = (await prisma.contentItem.findMany({ select: { id: true }, take: 5 })).map((c) => c.id);
  const entries = await Promise.all(Object.entries(SAMPLE).map(async ([role, id]) => [role, await cookieFor(id)] as const));
  cookies = Object.fromEntries(entries);
}, 60_000);

function request(route: RouteEntry, params: Record<string, string>, input: FormInput) {
  const body = new URLSearchParams();
  if (!input.withoutIntent) body.append("intent", input.intent);
  for (const [k, v] of input.fields) body.append(k, v);
  const cookie = input.as === "nobody" ? undefined : cookies[input.as];
  return new Request(`${ORIGIN}${route.pathFor(params)}`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

/** Every string anywhere in a reply body. */
function strings(body: unknown): string[] {
  if (typeof body === "string") return [body];
  if (body && typeof body === "object") return Object.values(body).flatMap(strings);
  return [];
}

const LEAK = /\n\s+at |Prisma|SQLITE_|TypeError|ReferenceError|Invalid `|undefined is not/;

describe.each(routes.map((r) => [r.id, r] as const))("the action of %s under random and hostile input", (_id, route) => {
  it("never fails with 5xx, refuses with a readable 4xx and stores nothing it refused", async () => {
    const paramValue = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...contentIds) }, { weight: 1, arbitrary: text });
    const params = fc.record(Object.fromEntries(route.params.map((p) => [p, paramValue])) as Record<string, fc.Arbitrary<string>>);
    await fc.assert(
      fc.asyncProperty(params, form, async (p, input) => {
        const before = await databaseDigest();
        const outcome = await run(route.module.action!, request(route, p, input), p);
        expect(outcome.status, `status for ${JSON.stringify(input).slice(0, 300)}`).toBeLessThan(500);
        for (const s of strings(outcome.body)) expect(s).not.toMatch(LEAK);
        if (outcome.status >= 400) {
          const message = strings(outcome.body).filter((s) => /[a-z]{3,}.*[a-z]/i.test(s) && s !== input.intent);
          expect(message.length, `no readable message in ${JSON.stringify(outcome.body).slice(0, 300)}`).toBeGreaterThan(0);
          expect(await databaseDigest(), `stored something for a ${outcome.status}`).toEqual(before);
        }
      }),
      { numRuns: RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined, endOnFailure: true },
    );
  }, 120_000);
});

// The endpoints outside Remix's actions (decision 021): the tracker's collection use case and the
// token-authenticated metrics API, fed random and hostile bodies.
describe("the tracker's collection endpoint under random and hostile input", () => {
  it("never throws, answers a known outcome, and stores nothing it did not accept", async () => {
    const { collectEvent, resetRateLimits } = await import("~/services/tracking.server");
    await prisma.trackedSite.upsert({
      where: { origin: "https://fuzz.example" },
      create: { origin: "https://fuzz.example", createdById: SAMPLE.Admin },
      update: {},
    });
    const body = fc.oneof(
      { weight: 2, arbitrary: text },
      { weight: 2, arbitrary: fc.json() },
      {
        weight: 3,
        arbitrary: fc
          .record({
            k: fc.constantFrom("v", "e", "x"),
            u: fc.oneof(fc.webUrl(), fc.constantFrom("https://fuzz.example/a", ...HOSTILE)),
            r: fc.oneof(fc.webUrl(), text),
            c: fc.oneof(fc.constantFrom(...contentIds), text),
            p: fc.oneof(fc.constantFrom("pageview-fuzz1"), text),
            s: fc.oneof(fc.integer(), fc.double()),
          })
          .map((o) => JSON.stringify(o)),
      },
    );
    const origin = fc.constantFrom("https://fuzz.example", "https://evil.example", "", "null", ...HOSTILE);
    const userAgent = fc.constantFrom("Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0 Safari/537.36", "Googlebot/2.1", "", ...HOSTILE);
    await fc.assert(
      fc.asyncProperty(body, origin, userAgent, async (b, o, ua) => {
        resetRateLimits();
        const before = await databaseDigest();
        const outcome = await collectEvent({ origin: o, ip: "192.0.2.1", userAgent: ua, doNotTrack: false, body: b });
        expect(["accepted", "dropped", "unknown-origin", "malformed", "throttled"]).toContain(outcome);
        if (outcome !== "accepted") expect(await databaseDigest()).toEqual(before);
      }),
      { numRuns: RUNS * 3, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined, endOnFailure: true },
    );
  }, 120_000);
});

describe("the metrics API under random and hostile JSON", () => {
  it("never fails with 5xx and stores nothing from a refused batch", async () => {
    const { createApiToken } = await import("~/models/api-token.server");
    const { action } = await import("~/routes/api.v1.metrics");
    const { token } = await createApiToken("fuzz", SAMPLE.Admin);
    const post = await prisma.channelPost.create({
      data: { contentId: contentIds[0], channel: "twitter", externalId: "fuzz-1", createdById: SAMPLE.Admin },
    });
    const figure = fc.oneof(fc.integer({ min: -5, max: 2_000_000_000 }), fc.double(), text, fc.constant(null));
    const row = fc.record(
      {
        channelPostId: fc.oneof(fc.constant(post.id), text),
        externalId: fc.oneof(fc.constant("fuzz-1"), text),
        day: fc.oneof(
          fc.constant(new Date().toISOString().slice(0, 10)),
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
          text,
        ),
        impressions: figure,
        likes: figure,
        shares: figure,
        extra: text,
      },
      { requiredKeys: [] },
    );
    const body = fc.oneof(
      { weight: 4, arbitrary: fc.record({ rows: fc.array(row, { maxLength: 4 }) }).map((b) => JSON.stringify(b)) },
      { weight: 1, arbitrary: text },
      { weight: 1, arbitrary: fc.json() },
    );
    // A header holds Latin-1 only (a real request cannot carry more): printable ASCII here.
    const auth = fc.oneof(
      { weight: 4, arbitrary: fc.constant(`Bearer ${token}`) },
      { weight: 1, arbitrary: text.map((t) => t.replace(/[^\x20-\x7e]/g, "").slice(0, 500)) },
    );
    await fc.assert(
      fc.asyncProperty(body, auth, async (b, a) => {
        const before = await databaseDigest();
        const outcome = await run(
          action,
          new Request(`${ORIGIN}/api/v1/metrics`, {
            method: "POST",
            body: b,
            headers: { Authorization: a, "Content-Type": "application/json" },
          }),
        );
        expect(outcome.status).toBeLessThan(500);
        for (const s of strings(outcome.body)) expect(s).not.toMatch(LEAK);
        if (outcome.status >= 400) expect(await databaseDigest()).toEqual(before);
      }),
      { numRuns: RUNS * 3, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined, endOnFailure: true },
    );
  }, 120_000);
});

// Short links and the <noscript> pixel (decision 021): random codes, agents and referers.
describe("short links and the pixel under random and hostile input", () => {
  it("a short link answers 302 or 404, never 5xx, and an unknown code stores nothing", async () => {
    const { loader } = await import("~/routes/l.$code");
    const { shortLinkFor } = await import("~/services/short-links.server");
    const post = await prisma.channelPost.create({ data: { contentId: contentIds[0], channel: "linkedin", createdById: SAMPLE.Admin } });
    const known = (await shortLinkFor(post.id, "https://blog.example/fuzz"))!.slice(3);
    const code = fc.oneof({ weight: 1, arbitrary: fc.constant(known) }, { weight: 3, arbitrary: text.map((t) => t.slice(0, 200)) });
    const agent = fc.constantFrom("Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0 Safari/537.36", "Googlebot/2.1", "", ...HOSTILE);
    await fc.assert(
      fc.asyncProperty(code, agent, async (c, ua) => {
        const before = await databaseDigest();
        const outcome = await run(
          loader,
          new Request(`${ORIGIN}/l/${encodeURIComponent(c)}`, { headers: { "User-Agent": ua.replace(/[^\x20-\x7e]/g, "") } }),
          { code: c },
        );
        expect([302, 404]).toContain(outcome.status);
        if (outcome.status === 404) expect(await databaseDigest()).toEqual(before);
      }),
      { numRuns: RUNS * 2, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined, endOnFailure: true },
    );
  }, 120_000);

  it("the pixel never throws and stores nothing it did not accept", async () => {
    const { collectPixel, resetRateLimits } = await import("~/services/tracking.server");
    await prisma.trackedSite.upsert({
      where: { origin: "https://fuzz.example" },
      create: { origin: "https://fuzz.example", createdById: SAMPLE.Admin },
      update: {},
    });
    const referer = fc.oneof(fc.webUrl(), fc.constantFrom("https://fuzz.example/a?utm_source=x", "", ...HOSTILE), text);
    const content = fc.oneof(fc.constant(undefined), fc.constantFrom(...contentIds), text);
    await fc.assert(
      fc.asyncProperty(referer, content, async (r, c) => {
        resetRateLimits();
        const before = await databaseDigest();
        const outcome = await collectPixel({
          referer: r,
          content: c,
          ip: "192.0.2.2",
          userAgent: "Mozilla/5.0 Chrome/124.0",
          doNotTrack: false,
        });
        expect(["accepted", "dropped", "unknown-origin", "malformed", "throttled"]).toContain(outcome);
        if (outcome !== "accepted") expect(await databaseDigest()).toEqual(before);
      }),
      { numRuns: RUNS * 2, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined, endOnFailure: true },
    );
  }, 120_000);
});
