import { beforeAll, describe, expect, it } from "vitest";
import { PRESENCE_WINDOW_MS, editingNow, markEditing } from "~/models/presence.server";
import { loader as editor } from "~/routes/editor/route";
import { action as presence } from "~/routes/presence";
import { SAMPLE, cookieFor, freshSeed, get, post, run } from "./route-helpers";

// Presence ends within 15 s of leaving: "leave" (pagehide) ends it at once, a missed heartbeat within the window.
const ITEM = "content-sample";

beforeAll(async () => {
  await freshSeed();
});

describe("presence", () => {
  it("a beat marks the member as editing and answers who is", async () => {
    const outcome = await run(presence, post("/presence", { intent: "beat", contentId: ITEM }, await cookieFor(SAMPLE.Editor)));
    expect(outcome.status).toBe(200);
    expect((outcome.body as { editing: string[] }).editing).toContain(SAMPLE.Editor);
  });

  it("leave ends it at once", async () => {
    const cookie = await cookieFor(SAMPLE.Admin);
    await run(presence, post("/presence", { intent: "beat", contentId: ITEM }, cookie));
    expect(await editingNow(ITEM)).toContain(SAMPLE.Admin);
    await run(presence, post("/presence", { intent: "leave", contentId: ITEM }, cookie));
    expect(await editingNow(ITEM)).not.toContain(SAMPLE.Admin);
  });

  it("never shows as editing a member who may only read the item (a Writer on another's item, the Analyst), on a beat or on opening it", async () => {
    for (const member of [SAMPLE.Writer, SAMPLE.Analyst]) {
      const cookie = await cookieFor(member);
      const beat = await run(presence, post("/presence", { intent: "beat", contentId: ITEM }, cookie));
      expect(beat.status).toBe(200);
      expect((beat.body as { editing: string[] }).editing).not.toContain(member);
      await run(editor, get(`/editor?id=${ITEM}`, cookie));
      expect(await editingNow(ITEM)).not.toContain(member);
    }
  });

  it("a member whose beats stopped is gone within 15 s", async () => {
    expect(PRESENCE_WINDOW_MS).toBeLessThanOrEqual(15_000);
    const start = new Date();
    await markEditing(ITEM, SAMPLE.Analyst, start);
    expect(await editingNow(ITEM, new Date(start.getTime() + PRESENCE_WINDOW_MS - 1))).toContain(SAMPLE.Analyst);
    expect(await editingNow(ITEM, new Date(start.getTime() + 15_000 + 1))).not.toContain(SAMPLE.Analyst);
  });

  it("refuses a beat without an item, and one without a session", async () => {
    expect((await run(presence, post("/presence", { intent: "beat" }, await cookieFor(SAMPLE.Editor)))).status).toBe(400);
    expect((await run(presence, post("/presence", { intent: "beat", contentId: ITEM }))).status).not.toBe(200);
  });
});
