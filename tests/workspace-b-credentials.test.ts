import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { FIRST_WORKSPACE_ID, withRequestScope } from "~/db/workspace-scope.server";
import { createApiToken } from "~/models/api-token.server";
import { action as metricsApi } from "~/routes/api.v1.metrics";
import { action as review, loader as reviewPage } from "~/routes/review.$token/route";
import { ORIGIN, SAMPLE, freshSeed, get, post, run } from "./route-helpers";
import { MARK, digestOf, makeWorkspaceB, type WorkspaceB } from "./workspace-b";

// Decision 073: a credential of workspace B (a review link, an API token) works in B alone. Naming
// the first workspace's rows with it reads nothing of them and changes none of them.

let b: WorkspaceB;
beforeEach(async () => {
  await freshSeed();
  b = await makeWorkspaceB();
});

const shown = (body: unknown) => (typeof body === "string" ? body : JSON.stringify(body));

describe("B's credentials never reach the first workspace", () => {
  it("B's review link shows B's item and no item of the first workspace; its answer changes none of them", async () => {
    const first = await prisma.contentItem.findMany({ select: { id: true, title: true } });
    expect(first.length).toBeGreaterThan(5);
    const page = await withRequestScope(() => run(reviewPage, get(`/review/${b.reviewToken}`), { token: b.reviewToken }));
    expect(page.status).toBe(200);
    expect(shown(page.body)).toContain(MARK);
    for (const { title } of first) expect(shown(page.body)).not.toContain(title);

    const before = await digestOf(FIRST_WORKSPACE_ID);
    const target = first[0].id;
    const fields = { decision: "approve", name: "Outside reviewer", note: "Looks right", id: target, contentId: target, itemId: target };
    const answer = await withRequestScope(() => run(review, post(`/review/${b.reviewToken}`, fields), { token: b.reviewToken }));
    expect(answer.status).toBeLessThan(500);
    expect(await digestOf(FIRST_WORKSPACE_ID)).toBe(before);
  });

  it("B's API token matches no post of the first workspace, by network id or address, and stores nothing there", async () => {
    const item = await prisma.contentItem.findFirstOrThrow({ select: { id: true } });
    const theirs = await prisma.channelPost.create({
      data: {
        contentId: item.id,
        channel: "twitter",
        status: "published",
        publishedAt: new Date(Date.now() - 86_400_000),
        externalId: "1861000000000000073",
        externalUrl: "https://x.com/brightpath/status/1861000000000000073",
        createdById: SAMPLE.Writer,
      },
    });
    const before = await digestOf(FIRST_WORKSPACE_ID);
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    // Each request in its own scope, as the server runs it: a token moves only its own request.
    const send = (token: string) =>
      withRequestScope(() =>
        run(
          metricsApi,
          new Request(`${ORIGIN}/api/v1/metrics`, {
            method: "POST",
            headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
            body: JSON.stringify({
              rows: [
                { externalId: theirs.externalId, day, likes: 999 },
                { url: theirs.externalUrl, day, likes: 999 },
              ],
            }),
          }),
        ),
      );
    expect((await send(b.apiToken)).status).toBe(404);
    expect(await digestOf(FIRST_WORKSPACE_ID)).toBe(before);
    // The same rows with the first workspace's own token are its figures.
    const own = await createApiToken("First's token", SAMPLE.Admin);
    const mine = await send(own.token);
    expect(mine.status).toBe(200);
  });
});
