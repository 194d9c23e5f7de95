// Moving a post in the calendar below the brand-voice threshold: Editors and Admins get the editor's
// explicit override ("Move anyway"); a Writer is refused with the message, override or not.
import { thisWorkspace } from "~/db/workspace-keys.server";
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { action as library } from "~/routes/library/route";
import { databaseDigest } from "./db-snapshot";
import { SAMPLE, cookieFor, freshSeed, post, run } from "./route-helpers";

type MoveReply = {
  ok: boolean;
  formError?: string;
  canOverride?: boolean;
  belowThreshold?: { score: number; threshold: number } | null;
  day?: string;
};
let postId: string;
const inFiveDays = () => new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);

beforeEach(async () => {
  await freshSeed();
  // A Writer's item far below the seeded threshold (85), with a post scheduled for tomorrow.
  const item = await prisma.contentItem.create({
    data: { title: "Below the bar", type: "blog", status: "draft", authorId: SAMPLE.Writer, body: "bad." },
  });
  const scheduled = await prisma.channelPost.create({
    data: {
      contentId: item.id,
      channel: "twitter",
      text: "Soon.",
      status: "scheduled",
      scheduledAt: new Date(Date.now() + 86_400_000),
      createdById: SAMPLE.Writer,
    },
  });
  postId = scheduled.id;
});

async function move(userId: string, fields: Record<string, string> = {}) {
  const outcome = await run(
    library,
    post("/library?view=calendar", { intent: "move", postId, day: inFiveDays(), ...fields }, await cookieFor(userId)),
  );
  return { status: outcome.status, reply: outcome.body as MoveReply };
}
/** The post's day in the team's zone, where the calendar moves it. */
async function scheduledDay() {
  const [{ scheduledAt }, { timeZone }] = await Promise.all([
    prisma.channelPost.findUniqueOrThrow({ where: { id: postId } }),
    prisma.settings.findUniqueOrThrow({ where: thisWorkspace() }),
  ]);
  return new Intl.DateTimeFormat("sv-SE", { timeZone, dateStyle: "short" }).format(scheduledAt!);
}

describe("moving a post below the threshold in the calendar", () => {
  it.each([
    ["an Admin", SAMPLE.Admin],
    ["an Editor", SAMPLE.Editor],
  ])("offers %s the explicit override, and the override moves it", async (_who, userId) => {
    const before = await databaseDigest();
    const refused = await move(userId);
    expect(refused.status).toBe(409);
    expect(refused.reply).toMatchObject({ canOverride: true, day: inFiveDays(), belowThreshold: { threshold: 85 } });
    expect(refused.reply.formError).toMatch(/85/);
    // It says what the override does: the post moves; nothing is approved (issue 56).
    expect(refused.reply.formError).toMatch(/can move it anyway with an explicit override\.$/);
    expect(refused.reply.formError).not.toMatch(/approve|schedule it/);
    expect(await databaseDigest()).toEqual(before);
    const moved = await move(userId, { override: "true" });
    expect(moved.status).toBe(200);
    expect(moved.reply).toMatchObject({ ok: true, message: "Moved, overriding the brand-voice threshold." });
    expect(await scheduledDay()).toBe(inFiveDays());
  });

  it("refuses a Writer with the message and no way through", async () => {
    const before = await databaseDigest();
    const refused = await move(SAMPLE.Writer);
    expect(refused.status).toBe(409);
    expect(refused.reply).toMatchObject({ canOverride: false });
    expect(refused.reply.formError).toMatch(/85/);
    expect((await move(SAMPLE.Writer, { override: "true" })).status).toBe(403);
    expect(await databaseDigest()).toEqual(before);
  });
});
