import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { NOTIFICATION_EVENTS } from "~/domain/notifications";
import { createContent } from "~/models/content-write.server";
import { action as editor } from "~/routes/editor/route";
import { action as settings } from "~/routes/settings/route";
import { SAMPLE, cookieFor, freshSeed, post, run } from "./route-helpers";

beforeEach(() => freshSeed());

const say = async (memberId: string, fields: Record<string, string>) =>
  run(editor, post("/editor", { intent: "comment", ...fields }, await cookieFor(memberId)));
const inbox = (userId: string, event: string) => prisma.notification.findMany({ where: { userId, event }, select: { message: true } });
const writersItem = () =>
  createContent({ title: "Threads test", type: "blog", tags: [], body: "Pricing matters. Onboarding too.", authorId: SAMPLE.Writer });

describe("comment threads", () => {
  it("a comment on a passage keeps its quote and anchor; replies join its thread, even a reply to a reply", async () => {
    const { id } = await writersItem();
    const first = await say(SAMPLE.Editor, { id, comment: "Is this true?", quote: "Pricing matters.", anchor: '{"start":0,"end":16}' });
    const threadId = (first.body as { commentId: string }).commentId;
    const reply = await say(SAMPLE.Writer, { id, comment: "Yes, see the survey.", parentId: threadId, quote: "ignored" });
    const nested = await say(SAMPLE.Admin, { id, comment: "Agreed.", parentId: (reply.body as { commentId: string }).commentId });
    expect(nested.status).toBe(200);
    const rows = await prisma.comment.findMany({ where: { contentId: id }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => [r.body, r.parentId, r.quote])).toEqual([
      ["Is this true?", null, "Pricing matters."],
      ["Yes, see the survey.", threadId, null],
      ["Agreed.", threadId, null],
    ]);
    expect(rows[0].anchor).toBe('{"start":0,"end":16}');
  });

  it("a reply to a comment of another item is refused with 404 and stores nothing", async () => {
    const { id } = await writersItem();
    const other = await prisma.comment.findFirstOrThrow({ where: { contentId: { not: id } } });
    const before = await prisma.comment.count();
    const result = await say(SAMPLE.Editor, { id, comment: "Sneaky", parentId: other.id });
    expect(result.status).toBe(404);
    expect(await prisma.comment.count()).toBe(before);
  });

  it("@mentions notify the member named (once), a reply notifies the thread, and a muted mention notifies nobody", async () => {
    const { id } = await writersItem();
    const first = await say(SAMPLE.Editor, { id, comment: "@Marcus Rivera and @Priya please look" });
    expect(first.status).toBe(200);
    // Marcus wrote it himself: no notification to the actor. Priya (the author) hears once, as a mention.
    expect(await inbox(SAMPLE.Editor, "mention")).toEqual([]);
    expect(await inbox(SAMPLE.Writer, "mention")).toEqual([{ message: "Marcus Rivera mentioned you on “Threads test”" }]);
    expect(await inbox(SAMPLE.Writer, "comment")).toEqual([]);

    await say(SAMPLE.Admin, { id, comment: "Done.", parentId: (first.body as { commentId: string }).commentId });
    expect(await inbox(SAMPLE.Editor, "comment")).toEqual([{ message: "Sarah Chen replied on “Threads test”" }]);
    expect(await inbox(SAMPLE.Writer, "comment")).toEqual([{ message: "Sarah Chen replied on “Threads test”" }]);

    const muted = NOTIFICATION_EVENTS.filter((e) => e !== "mention");
    await run(settings, post("/settings", { intent: "save", section: "notifications", notify: muted }, await cookieFor(SAMPLE.Admin)));
    await say(SAMPLE.Editor, { id, comment: "@Sarah Chen FYI" });
    expect(await inbox(SAMPLE.Admin, "mention")).toEqual([]);
  });

  it("resolves a thread with a note and who resolved it, and reopens it; a long note is refused beside it", async () => {
    const { id } = await writersItem();
    const first = await say(SAMPLE.Editor, { id, comment: "Fix the figure" });
    const commentId = (first.body as { commentId: string }).commentId;
    const resolve = async (fields: Record<string, string>) =>
      run(editor, post("/editor", { intent: "resolve", id, commentId, ...fields }, await cookieFor(SAMPLE.Writer)));
    expect((await resolve({ resolved: "true", note: "x".repeat(501) })).body).toMatchObject({
      fieldErrors: { note: "Keep the note to 500 characters." },
    });
    expect((await prisma.comment.findUniqueOrThrow({ where: { id: commentId } })).resolvedAt).toBeNull();
    await resolve({ resolved: "true", note: "Updated to the Q3 number." });
    expect(await prisma.comment.findUniqueOrThrow({ where: { id: commentId } })).toMatchObject({
      resolvedBy: SAMPLE.Writer,
      resolveNote: "Updated to the Q3 number.",
    });
    await resolve({ resolved: "false" });
    expect(await prisma.comment.findUniqueOrThrow({ where: { id: commentId } })).toMatchObject({ resolvedAt: null, resolveNote: null });
  });
});
