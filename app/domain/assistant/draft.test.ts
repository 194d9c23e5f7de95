import { describe, expect, it } from "vitest";
import { SAMPLE_BRIEF } from "../../../tests/fixtures/assistant-texts";
import { BRIEF_FIXTURES } from "../../../tests/fixtures/briefs";
import { captionLength } from "./caption-length";
import { toHashtag } from "./caption";
import { draftLocal } from "./draft";
import { scoreLocal } from "./score";
import { sampleVoice } from "./test-voice";
import { TONE_IDS } from "./tone";

const SOURCE = {
  id: "item-1",
  title: "Why Brand Voice Beats Volume",
  href: "/editor?id=item-1",
  passage: "A shared brand voice lets every writer sound like the team.",
};
const headings = (text: string) => [...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => m[1]);

describe("the built-in draft", () => {
  it.each(
    BRIEF_FIXTURES.filter((b) => b.type === "blog" || b.type === "article").flatMap((b) => TONE_IDS.map((t) => [b.title, t, b] as const)),
  )("%s (%s): no brackets, no cut headings, one section per point", (_title, tone, brief) => {
    const text = draftLocal({ ...brief, voice: sampleVoice(tone) });
    expect(text).not.toMatch(/[[\]]/);
    expect(text.startsWith(`# ${brief.title}\n\n`)).toBe(true);
    for (const heading of headings(text).slice(1)) {
      // Every heading is a phrase from the brief (or a fixed close), never a cut one.
      expect(
        brief.brief.toLowerCase().includes(heading.toLowerCase()) ||
          ["Join us", "Next step", "Why it matters", "What changes in practice", "From our library"].includes(heading),
        heading,
      ).toBe(true);
    }
    for (const point of brief.points) expect(headings(text)).toContain(point);
    expect(text).not.toMatch(/sets out untitled/i);
  });
  it("quotes a related passage from the library with a link to its source", () => {
    const text = draftLocal({
      title: "Spring Launch",
      brief: "Announce the spring release. Cover faster reviews, the shared brand voice and scheduled publishing.",
      type: "blog",
      voice: sampleVoice(),
      sources: [SOURCE],
    });
    const section = text.split("## The shared brand voice")[1].split("\n## ")[0];
    expect(section).toContain("> A shared brand voice lets every writer sound like the team.");
    expect(section).toContain("— from [Why Brand Voice Beats Volume](/editor?id=item-1)");
  });
  it("uses the brand keywords, so a draft starts near the threshold", () => {
    const voice = sampleVoice();
    const text = draftLocal({ ...SAMPLE_BRIEF, voice });
    for (const k of voice.keywords) expect(text).toContain(k);
    expect(scoreLocal(text, voice).score).toBeGreaterThanOrEqual(80);
  });
  it.each(TONE_IDS)("a social brief (%s) is a post within X's 280 weighted characters, not an article", (tone) => {
    for (const brief of BRIEF_FIXTURES) {
      const post = draftLocal({ ...brief, type: "social", voice: sampleVoice(tone) });
      expect(captionLength(post, "twitter"), post).toBeLessThanOrEqual(280);
      expect(post).not.toMatch(/^#+\s/m);
      expect(post.length).toBeGreaterThan(40);
    }
  });
  it("a social post's hashtag names the campaign, never the brand keywords", () => {
    const voice = sampleVoice();
    const post = draftLocal({ title: "Spring Launch", brief: SAMPLE_BRIEF.brief, type: "social", voice });
    expect(post).toMatch(/ #SpringLaunch$/);
    for (const k of voice.keywords) expect(post.toLowerCase()).not.toContain(toHashtag(k)!.toLowerCase());
  });
  it("a caption brief fits Instagram's limit", () => {
    const post = draftLocal({ ...BRIEF_FIXTURES[0], type: "caption", voice: sampleVoice() });
    expect(captionLength(post, "instagram")).toBeLessThanOrEqual(2200);
    expect(post).not.toMatch(/^## /m);
  });
  it("is deterministic", () => {
    const voice = sampleVoice("witty");
    expect(draftLocal({ ...SAMPLE_BRIEF, voice })).toBe(draftLocal({ ...SAMPLE_BRIEF, voice }));
  });
});

describe("reading a brief's list", () => {
  it("splits “a, b and c” into three points, and keeps “x and y” inside one item", async () => {
    const { listItems } = await import("./brief");
    expect(listItems("faster reviews, the shared brand voice and scheduled publishing")).toEqual([
      "faster reviews",
      "the shared brand voice",
      "scheduled publishing",
    ]);
    expect(listItems("faster reviews, analytics that explain themselves and the new agent workflow")).toEqual([
      "faster reviews",
      "analytics that explain themselves",
      "the new agent workflow",
    ]);
    expect(listItems("where reviews used to stall, how they set up the pipeline, and what changed in three months")).toEqual([
      "where reviews used to stall",
      "how they set up the pipeline",
      "what changed in three months",
    ]);
    expect(listItems("the problem and the answer")).toEqual(["the problem", "the answer"]);
  });
});
