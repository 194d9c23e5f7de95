// The handlers that read their own forms (signing in, accepting an invitation, an outside review, the
// metrics API) refuse a NUL character with 400 like the shared action wrappers: PostgreSQL stores none.
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { createApiToken } from "~/models/api-token.server";
import { createInvitation } from "~/models/invitation.server";
import { sendReviewLink } from "~/services/review-links.server";
import { action as acceptInvitation } from "~/routes/invite.$token";
import { action as login } from "~/routes/login";
import { action as metrics } from "~/routes/api.v1.metrics";
import { action as review } from "~/routes/review.$token/route";
import { NUL_MESSAGE } from "~/web/action.server";
import { DEMO_PASSWORD } from "../prisma/sample/people";
import { databaseDigest } from "./db-snapshot";
import { ORIGIN, SAMPLE, freshSeed, post, run } from "./route-helpers";

beforeEach(() => freshSeed());

async function refused(attempt: () => ReturnType<typeof run>) {
  const before = await databaseDigest();
  const outcome = await attempt();
  expect(outcome.status).toBe(400);
  expect(JSON.stringify(outcome.body)).toContain(NUL_MESSAGE);
  expect(await databaseDigest()).toEqual(before);
}

describe("a NUL character in a handler's own form", () => {
  it("signing in", async () => {
    await refused(() => run(login, post("/login", { email: "sarah@studio.test\u0000", password: DEMO_PASSWORD })));
  });

  it("accepting an invitation", async () => {
    const made = await createInvitation({ email: `nul-${Date.now()}@studio.test`, role: "Writer", invitedById: SAMPLE.Admin });
    if (!made.ok || !made.token) throw new Error("no invitation link was made");
    const fields = { name: "Nu\u0000ll", password: "a long enough password", confirm: "a long enough password" };
    await refused(() => run(acceptInvitation, post(`/invite/${made.token}`, fields), { token: made.token }));
  });

  it("an outside review", async () => {
    const item = await prisma.contentItem.findFirstOrThrow({ where: { status: "review" }, select: { id: true } });
    const link = await sendReviewLink(item.id, { id: SAMPLE.Admin, name: "Sarah" }, 7);
    if (!link.ok) throw new Error(link.error);
    const fields = { name: "Outside Reviewer", decision: "comment", note: "Looks \u0000 good" };
    await refused(() => run(review, post(`/review/${link.token}`, fields), { token: link.token }));
  });

  it("the metrics API, in a row's fields", async () => {
    const { token } = await createApiToken("nul", SAMPLE.Admin);
    const day = new Date().toISOString().slice(0, 10);
    const before = await databaseDigest();
    for (const row of [
      { channelPostId: "post-1\u0000", day, clicks: 1 },
      { externalId: `x\u0000`, day, clicks: 1 },
      { url: `https://example.test/p\u0000`, day, clicks: 1 },
      { channelPostId: "post-1", day: `${day}\u0000`, clicks: 1 },
    ]) {
      const request = new Request(`${ORIGIN}/api/v1/metrics`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        body: JSON.stringify({ rows: [row] }),
      });
      expect((await run(metrics, request)).status).toBe(400);
    }
    expect(await databaseDigest()).toEqual(before);
  });
});
