// The audit chain's head on Settings › Audit log and its daily webhook (issue 52, decision 075): Admins
// see the head (hash, entries, when); the address is https and never private (the SSRF guard of every
// typed address); the head is posted once a day — not twice on a retry, a second pass or a second
// replica — through outbound() (a fake here, withOutbound).
import { thisWorkspace } from "~/db/workspace-keys.server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withOutbound } from "~/adapters/outbound-fetch.server";
import { prisma } from "~/db/db.server";
import { chainHead } from "~/models/audit-chain.server";
import { recordAudit } from "~/models/audit.server";
import { action, loader } from "~/routes/settings_.audit/route";
import { HEAD_RETRY_MS, postDueHeads } from "~/services/audit-head-post.server";
import { SAMPLE, cookieFor, freshSeed, get, post, run } from "./route-helpers";

const HOOK = "https://93.184.215.14/audit-head";
const MINUTE = 60_000;

beforeEach(async () => {
  await freshSeed();
  delete process.env.STUDIO_ALLOW_PRIVATE_TARGETS;
});
afterEach(() => {
  delete process.env.STUDIO_ALLOW_PRIVATE_TARGETS;
});

const save = async (url: string, who: string = SAMPLE.Admin) =>
  run(action, post("/settings/audit", { intent: "head-webhook", auditHeadWebhookUrl: url }, await cookieFor(who)));

async function entries(n: number) {
  for (let i = 0; i < n; i++)
    await recordAudit({
      actor: { kind: "system", id: null, name: "System" },
      action: "settings.changed",
      object: { type: "settings", title: `entry ${i}` },
    });
}

/** A receiver that keeps what it was sent, answering `status`. */
function receiver(status = 200) {
  const got: { url: string; body: Record<string, unknown>; delivery: string | null }[] = [];
  const fake: typeof fetch = async (input, init) => {
    got.push({ url: String(input), body: JSON.parse(String(init?.body)), delivery: new Headers(init?.headers).get("X-Studio-Delivery") });
    return new Response("{}", { status });
  };
  return { got, pass: (at: Date) => withOutbound(fake, () => postDueHeads(at)) };
}

describe("the head on the audit screen", () => {
  it("shows Admins the head's hash, entry count and time", async () => {
    await entries(3);
    const head = await chainHead();
    const page = await run(loader, get("/settings/audit", await cookieFor(SAMPLE.Admin)));
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ head: { seq: 3, count: 3, hash: head.hash, at: head.at!.toISOString() }, headWebhookUrl: "" });
    expect((await run(loader, get("/settings/audit", await cookieFor(SAMPLE.Editor)))).status).toBe(403);
  });
});

describe("the head's webhook address", () => {
  it("is saved for an https address and audited by host only", async () => {
    expect(await save(HOOK)).toMatchObject({ status: 200 });
    expect((await prisma.settings.findUniqueOrThrow({ where: thisWorkspace() })).auditHeadWebhookUrl).toBe(HOOK);
    const logged = await prisma.auditEntry.findFirstOrThrow({ where: { objectId: "audit-head" } });
    expect(JSON.parse(logged.after!)).toEqual({ auditHeadWebhook: "93.184.215.14" });
  });

  it("refuses plain http and what is not an address, beside the field", async () => {
    for (const url of ["http://93.184.215.14/audit-head", "not an address"]) {
      const reply = await save(url);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ intent: "head-webhook", fieldErrors: { auditHeadWebhookUrl: expect.any(String) } });
    }
    expect((await prisma.settings.findUniqueOrThrow({ where: thisWorkspace() })).auditHeadWebhookUrl).toBe("");
  });

  it("refuses a private or local address unless STUDIO_ALLOW_PRIVATE_TARGETS=1", async () => {
    const reply = await save("https://127.0.0.1/hook");
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ fieldErrors: { auditHeadWebhookUrl: expect.stringMatching(/private or local/) } });
    process.env.STUDIO_ALLOW_PRIVATE_TARGETS = "1";
    expect((await save("https://127.0.0.1/hook")).status).toBe(200);
  });

  it("is an Admin's to set: 403 for an Editor", async () => {
    expect((await save(HOOK, SAMPLE.Editor)).status).toBe(403);
  });
});

describe("the daily post", () => {
  const day = new Date("2026-12-02T09:00:00.000Z");

  it("posts nothing without an address", async () => {
    const hook = receiver();
    expect(await hook.pass(day)).toBeNull();
    expect(hook.got).toEqual([]);
  });

  it("posts the head once a day: a second pass the same day posts nothing, the next day posts again", async () => {
    await entries(2);
    await save(HOOK);
    const head = await chainHead();
    const hook = receiver();
    expect(await hook.pass(day)).toEqual(new Date("2026-12-03T00:00:00.000Z"));
    expect(hook.got).toEqual([
      {
        url: HOOK,
        delivery: "audit-head:instance:2026-12-02",
        body: {
          type: "audit.chain-head",
          day: "2026-12-02",
          scope: "instance",
          seq: head.seq,
          hash: head.hash,
          count: head.count,
          at: head.at!.toISOString(),
        },
      },
    ]);
    await hook.pass(new Date(day.getTime() + 5 * MINUTE));
    await hook.pass(new Date("2026-12-02T23:59:59.000Z"));
    expect(hook.got).toHaveLength(1);
    await hook.pass(new Date("2026-12-03T00:00:01.000Z"));
    expect(hook.got.map((g) => g.body.day)).toEqual(["2026-12-02", "2026-12-03"]);
  });

  it("posts once when two passes (two replicas) run at the same time", async () => {
    await save(HOOK);
    const hook = receiver();
    await Promise.all([hook.pass(day), hook.pass(day), hook.pass(day)]);
    expect(hook.got).toHaveLength(1);
  });

  it("after a failed post retries later, and then posts once", async () => {
    await save(HOOK);
    const down = receiver(503);
    expect(await down.pass(day)).toEqual(new Date(day.getTime() + HEAD_RETRY_MS));
    expect(down.got).toHaveLength(1);
    const up = receiver();
    await up.pass(new Date(day.getTime() + MINUTE)); // before the retry's time: nothing
    expect(up.got).toHaveLength(0);
    await up.pass(new Date(day.getTime() + HEAD_RETRY_MS + MINUTE));
    await up.pass(new Date(day.getTime() + HEAD_RETRY_MS + 2 * MINUTE));
    expect(up.got).toHaveLength(1);
  });
});
