import { beforeEach, describe, expect, it, vi } from "vitest";
import { prisma } from "~/db/db.server";
import { action } from "~/routes/editor/route";
import { ORIGIN, SAMPLE, cookieFor, freshSeed, run } from "./route-helpers";

// Decision 064, the case: the comment is committed, then the request fails before it answers
// (here the notification after it; in the outage, the connection). The member sends it again with the
// same key: one comment, answered as a stored comment is answered.

const cut = vi.hoisted(() => ({ next: false }));
vi.mock("~/models/notification.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/models/notification.server")>();
  return {
    ...real,
    notify: (async (...args) => {
      if (cut.next) {
        cut.next = false;
        throw new Error("Connection terminated unexpectedly");
      }
      return real.notify(...args);
    }) as typeof real.notify,
  };
});

beforeEach(() => freshSeed());

async function comment(contentId: string, key: string, cookie: string) {
  const body = new URLSearchParams({ intent: "comment", id: contentId, comment: "Stored, then cut off.", idempotencyKey: key });
  const headers = { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Cookie: cookie };
  return run(action, new Request(`${ORIGIN}/editor?id=${contentId}`, { method: "POST", body, headers }));
}

describe("a create whose answer was lost", () => {
  it("sent again with its key stores nothing more and answers with the stored comment", async () => {
    const item = await prisma.contentItem.create({ data: { title: "Cut off", type: "blog", authorId: SAMPLE.Writer, body: "Words." } });
    const cookie = await cookieFor(SAMPLE.Admin);
    cut.next = true;
    // A lost connection is answered 502, "it may or may not have been saved" (decision 065).
    expect((await comment(item.id, "lost-answer-key", cookie)).status).toBe(502);
    const stored = await prisma.comment.findMany({ where: { contentId: item.id }, select: { id: true } });
    expect(stored).toHaveLength(1);

    const again = await comment(item.id, "lost-answer-key", cookie);
    expect([again.status, again.body]).toEqual([200, { ok: true, intent: "comment", commentId: stored[0].id }]);
    expect(await prisma.comment.count({ where: { contentId: item.id } })).toBe(1);
  });
});
