import { thisWorkspace } from "~/db/workspace-keys.server";
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { TONE_TEXTS } from "~/domain/assistant/fixtures/tone-texts";
import { scoreLocal } from "~/domain/assistant/score";
import { getBrandVoice } from "~/models/assistant.server";
import { action as editor } from "~/routes/editor/route";
import { SAMPLE, cookieFor, freshSeed, post, run } from "./route-helpers";

beforeEach(() => freshSeed());

const move = async (who: string, transition: string, override?: boolean) =>
  run(
    editor,
    post(
      "/editor",
      { intent: "transition", id: "content-sample", transition, ...(override ? { override: "true" } : {}) },
      await cookieFor(who),
    ),
  );
const status = async () => (await prisma.contentItem.findUniqueOrThrow({ where: { id: "content-sample" } })).status;

describe("the Content Generation Threshold on the lifecycle", () => {
  it("submitting for review answers with the score and the threshold", async () => {
    const body = (await prisma.contentItem.findUniqueOrThrow({ where: { id: "content-sample" } })).body;
    const expected = scoreLocal(body, await getBrandVoice()).score;
    const submitted = await move(SAMPLE.Editor, "submit");
    expect(submitted).toMatchObject({ status: 200, body: { ok: true, voice: { score: expected, threshold: 85 } } });
  });
  it("approving below the threshold is refused without an override, names the score, and changes nothing", async () => {
    await move(SAMPLE.Editor, "submit");
    const refused = await move(SAMPLE.Editor, "approve");
    expect(refused.status).toBe(409);
    const body = refused.body as { formError: string; belowThreshold: { score: number; threshold: number } };
    expect(body.belowThreshold.threshold).toBe(85);
    expect(body.belowThreshold.score).toBeLessThan(85);
    expect(body.formError).toBe(
      `The brand-voice score is ${body.belowThreshold.score}, below the Content Generation Threshold of 85. An Editor or Admin can approve it anyway with an explicit override.`,
    );
    expect(await status()).toBe("review");
  });
  it("an Editor's explicit override publishes and is recorded in the activity log", async () => {
    await move(SAMPLE.Editor, "submit");
    expect((await move(SAMPLE.Admin, "approve", true)).status).toBe(200);
    expect(await status()).toBe("published");
    const event = await prisma.activityEvent.findFirstOrThrow({
      where: { contentId: "content-sample", userId: SAMPLE.Admin, type: "publish" },
      orderBy: { createdAt: "desc" },
    });
    expect(event.action).toMatch(/^published, overriding the brand-voice threshold \(score \d+ of 85\)$/);
  });
  it("a Writer cannot override (approving is not theirs)", async () => {
    await move(SAMPLE.Editor, "submit");
    expect((await move(SAMPLE.Writer, "approve", true)).status).toBe(403);
    expect(await status()).toBe("review");
  });
  it("at or above the threshold no override is needed and none is logged", async () => {
    const voice = await getBrandVoice();
    const score = scoreLocal(TONE_TEXTS.professional, voice).score;
    await prisma.settings.update({ where: thisWorkspace(), data: { generationThreshold: Math.max(50, score) } });
    await prisma.contentItem.update({ where: { id: "content-sample" }, data: { body: TONE_TEXTS.professional, status: "review" } });
    expect((await move(SAMPLE.Editor, "approve")).status).toBe(200);
    const event = await prisma.activityEvent.findFirstOrThrow({
      where: { contentId: "content-sample", userId: SAMPLE.Editor, type: "publish" },
      orderBy: { createdAt: "desc" },
    });
    expect(event.action).toBe("published");
  });
});
