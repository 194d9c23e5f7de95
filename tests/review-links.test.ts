import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { hashToken, sameHash } from "~/crypto/tokens.server";
import { createRateLimiter, linkState, REVIEW_LINK_DAYS } from "~/domain/review-link";
import { createChain } from "~/models/approval.server";
import { chainStanding } from "~/services/approvals.server";
import { transitionContent } from "~/services/content-lifecycle.server";
import { resolveToken, sendReviewLink, withdrawReviewLink } from "~/services/review-links.server";
import * as review from "~/routes/review.$token/route";
import * as library from "~/routes/library/route";
import * as metrics from "~/routes/api.v1.metrics";
import { action as editorAction } from "~/routes/editor/route";
import { ON_BRAND } from "./fixtures/on-brand";
import { ORIGIN, SAMPLE, context, cookieFor, freshSeed, get, post, run } from "./route-helpers";

const editor = { id: SAMPLE.Editor, name: "Marcus Rivera" };
const DAY = 86_400_000;
let itemId: string;
let otherId: string;
let ip = 0;
/** Each test its own address, so the rate limit of one does not touch another. */
const fresh = () => context(`198.51.100.${++ip}`);

beforeAll(async () => {
  await freshSeed();
});

beforeEach(async () => {
  await prisma.approvalChain.deleteMany();
  const make = (title: string) =>
    prisma.contentItem.create({
      data: { title, type: "blog", status: "draft", body: ON_BRAND, authorId: SAMPLE.Writer },
      select: { id: true },
    });
  itemId = (await make("For the client")).id;
  otherId = (await make("Not for the client")).id;
  await prisma.channelPost.create({
    data: { contentId: itemId, channel: "linkedin", text: "The client's post", createdById: SAMPLE.Writer },
  });
});

const open = (token: string, ctx = fresh()) => run(review.loader, get(`/review/${token}`), { token }, ctx);
const answer = (token: string, fields: Record<string, string>, ctx = fresh()) =>
  run(review.action, post(`/review/${token}`, fields), { token }, ctx);

describe("review link tokens", () => {
  it("are random, shown once, and stored only as their hash", async () => {
    const a = await sendReviewLink(itemId, editor, REVIEW_LINK_DAYS);
    const b = await sendReviewLink(itemId, editor, REVIEW_LINK_DAYS);
    if (!a.ok || !b.ok) throw new Error("no link");
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toBe(b.token);
    const rows = await prisma.reviewLink.findMany({ where: { contentId: itemId } });
    expect(rows.map((r) => r.tokenHash).sort()).toEqual([hashToken(a.token), hashToken(b.token)].sort());
    expect(JSON.stringify(rows)).not.toContain(a.token);
  });

  it("are compared by hash in constant time; a near miss is unknown", async () => {
    expect(sameHash(hashToken("x"), hashToken("x"))).toBe(true);
    expect(sameHash(hashToken("x"), hashToken("y"))).toBe(false);
    expect(sameHash("", "")).toBe(false);
    expect(sameHash("ab", "abcd")).toBe(false);
    const link = await sendReviewLink(itemId, editor, REVIEW_LINK_DAYS);
    if (!link.ok) throw new Error("no link");
    expect((await resolveToken(link.token)).state).toBe("active");
    const nearMiss = `${link.token.slice(0, -1)}${link.token.endsWith("A") ? "B" : "A"}`;
    expect((await resolveToken(nearMiss)).state).toBe("unknown");
    expect((await open("not-a-token")).status).toBe(404);
  });

  it("expire after 7 days by default (or the days chosen), and say so plainly", async () => {
    const now = new Date();
    const link = await sendReviewLink(itemId, editor, REVIEW_LINK_DAYS, now);
    if (!link.ok) throw new Error("no link");
    expect(link.expiresAt.getTime() - now.getTime()).toBe(7 * DAY);
    expect((await resolveToken(link.token, new Date(now.getTime() + 7 * DAY - 1))).state).toBe("active");
    expect((await resolveToken(link.token, new Date(now.getTime() + 7 * DAY))).state).toBe("expired");
    await prisma.reviewLink.updateMany({ where: { tokenHash: hashToken(link.token) }, data: { expiresAt: new Date(now.getTime() - 1) } });
    const opened = await open(link.token);
    expect(opened.status).toBe(409);
    expect(opened.body).toMatchObject({ formError: expect.stringContaining("expired") });
    expect((await answer(link.token, { name: "Cleo Client", decision: "approve" })).status).toBe(409);
  });

  it("are revocable: a revoked link says so and accepts nothing", async () => {
    const link = await sendReviewLink(itemId, editor, REVIEW_LINK_DAYS);
    if (!link.ok) throw new Error("no link");
    const row = await prisma.reviewLink.findUniqueOrThrow({ where: { tokenHash: hashToken(link.token) } });
    expect(await withdrawReviewLink(otherId, row.id, editor)).toBe(false);
    expect(await withdrawReviewLink(itemId, row.id, editor)).toBe(true);
    expect(linkState(await prisma.reviewLink.findUniqueOrThrow({ where: { id: row.id } }), new Date())).toBe("revoked");
    expect((await open(link.token)).body).toMatchObject({ formError: expect.stringContaining("withdrawn") });
    expect((await answer(link.token, { name: "Cleo Client", decision: "comment", note: "Hi" })).status).toBe(409);
    expect(await prisma.approvalDecision.count({ where: { contentId: itemId } })).toBe(0);
  });
});

describe("what a review link reaches", () => {
  it("its one item and channel previews, nothing of the studio: not the library, not another item, not the API", async () => {
    const link = await sendReviewLink(itemId, editor, REVIEW_LINK_DAYS);
    if (!link.ok) throw new Error("no link");
    const opened = await open(link.token);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      title: "For the client",
      posts: [{ channel: "linkedin", text: "The client's post" }],
      changed: false,
    });
    expect(JSON.stringify(opened.body)).not.toContain("Not for the client");
    // The token is no session and no bearer token.
    const asCookie = await run(library.loader, new Request(`${ORIGIN}/library`, { headers: { Cookie: `__session=${link.token}` } }));
    expect(asCookie.status).toBe(302);
    expect(asCookie.headers.get("Location")).toContain("/login");
    const asBearer = await run(
      metrics.action,
      new Request(`${ORIGIN}/api/v1/metrics`, { method: "POST", headers: { Authorization: `Bearer ${link.token}` }, body: "{}" }),
    );
    expect(asBearer.status).toBe(401);
    // Another item's id in the form changes nothing: the token names the item.
    await answer(link.token, { name: "Cleo Client", decision: "comment", note: "Looks good", id: otherId, contentId: otherId });
    expect(await prisma.approvalDecision.count({ where: { contentId: otherId } })).toBe(0);
    expect(await prisma.approvalDecision.findFirst({ where: { contentId: itemId } })).toMatchObject({
      actorName: "Cleo Client",
      external: true,
      kind: "comment",
    });
  });

  it("needs the reviewer's typed name (400 beside the field)", async () => {
    const link = await sendReviewLink(itemId, editor, REVIEW_LINK_DAYS);
    if (!link.ok) throw new Error("no link");
    const r = await answer(link.token, { name: "  ", decision: "approve" });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ fieldErrors: { name: expect.stringContaining("name") } });
  });

  it("an external approval counts at a chain step that lists the external reviewer, under their name, marked external", async () => {
    await createChain({
      name: "Client",
      scope: { kind: "all" },
      steps: [{ mode: "any", members: [], roles: ["External"] }],
      publishWhenApproved: true,
    });
    await transitionContent(itemId, "submit", { id: SAMPLE.Writer, role: "Writer", name: "Priya" });
    const link = await sendReviewLink(itemId, editor, REVIEW_LINK_DAYS);
    if (!link.ok) throw new Error("no link");
    expect((await open(link.token)).body).toMatchObject({ standing: "Step 1 of 1: waiting for an external reviewer" });
    const r = await answer(link.token, { name: "Cleo Client", decision: "approve" });
    expect(r.status).toBe(200);
    expect((await chainStanding(itemId))?.request.state).toBe("approved");
    expect(await prisma.contentItem.findUniqueOrThrow({ where: { id: itemId } })).toMatchObject({ status: "published" });
    expect(await prisma.approvalDecision.findFirst({ where: { contentId: itemId } })).toMatchObject({
      actorName: "Cleo Client",
      external: true,
      step: 0,
    });
  });

  it("shows the newest version and says it changed after the link was sent", async () => {
    const link = await sendReviewLink(itemId, editor, REVIEW_LINK_DAYS);
    if (!link.ok) throw new Error("no link");
    await prisma.contentItem.update({ where: { id: itemId }, data: { body: `${ON_BRAND} Edited.` } });
    expect((await open(link.token)).body).toMatchObject({ changed: true, html: expect.stringContaining("Edited.") });
  });

  it("is rate-limited per address", async () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 1000 });
    expect([limiter.hit("a", 0).allowed, limiter.hit("a", 1).allowed, limiter.hit("a", 2).allowed, limiter.hit("b", 2).allowed]).toEqual([
      true,
      true,
      false,
      true,
    ]);
    expect(limiter.hit("a", 1000).allowed).toBe(true);
    const ctx = fresh();
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await open("guess", ctx)).status;
    expect(last).toBe(429);
  });

  it("an Editor makes and revokes links from the editor; a Writer may not", async () => {
    const make = async (userId: string) =>
      run(editorAction, post("/editor", { intent: "reviewLink", id: itemId, days: "3" }, await cookieFor(userId)));
    expect((await make(SAMPLE.Writer)).status).toBe(403);
    const made = await make(SAMPLE.Editor);
    expect(made.body).toMatchObject({ ok: true, link: expect.stringMatching(/^http:\/\/studio\.test\/review\/[A-Za-z0-9_-]{43}$/) });
    const row = await prisma.reviewLink.findFirstOrThrow({ where: { contentId: itemId } });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(3 * DAY);
    const revoke = await run(
      editorAction,
      post("/editor", { intent: "revokeReviewLink", id: itemId, linkId: row.id }, await cookieFor(SAMPLE.Editor)),
    );
    expect(revoke.status).toBe(200);
  });
});
