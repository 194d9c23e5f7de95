import { describe, expect, it } from "vitest";
import { SAMPLE_BRIEF } from "../../../tests/fixtures/assistant-texts";
import { BRIEF_FIXTURES } from "../../../tests/fixtures/briefs";
import { BRIEFS } from "../../../prisma/sample/runs";
import { captionLength } from "./caption-length";
import { draftLocal } from "./draft";
import { localAssistant } from "./local";
import { isOutline, NOTE, OUTLINE_HELP, quotePassage } from "./outline";
import { scoreLocal } from "./score";
import { sampleVoice } from "./test-voice";
import type { BrandVoice, LibrarySource } from "./types";
import { TONE_IDS } from "./tone";

const SOURCES: LibrarySource[] = [
  {
    id: "item-1",
    title: "Why Brand Voice Beats Volume",
    href: "/editor?id=item-1",
    passage: "A shared brand voice lets every writer sound like the team.",
  },
  {
    id: "item-2",
    title: "Review Cycles That Ship",
    href: "https://blog.example/review-cycles",
    passage: "Reviews stall when nobody owns the next step.",
  },
];
const headings = (text: string) => [...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => m[1]);
const inBrief = (brief: string, phrase: string) => brief.toLowerCase().includes(phrase.toLowerCase().replace(/[.]$/, ""));

/** A heading that tells the writer what to do is not the reader's words. */
const INSTRUCTION = /^(?:end|close|finish|show|explain|cover|include|quote|write|announce|describe|share|present|introduce|mention)\b/i;

/** The only shapes a writer's note may take: fixed words around the brief's own phrases or the brand keywords. */
function noteComesFrom(note: string, brief: string, voice: BrandVoice): boolean {
  const keywordsOnly = (list: string) => [...list.matchAll(/“([^”]+)”/g)].every((m) => voice.keywords.includes(m[1]));
  const forms: [RegExp, (m: RegExpMatchArray) => boolean][] = [
    [/^Writer's note: (?:open as the brief asks|the brief asks|close as the brief asks): “(.+)\.”$/, (m) => inBrief(brief, m[1])],
    [
      /^Writer's note: say what “(.+)” means for (.+), with figures you can check\.$/,
      (m) => inBrief(brief, m[1]) && (m[2] === "the reader" || inBrief(brief, m[2])),
    ],
    [/^Writer's note: answer this from what you know first-hand: (.+)\.$/, (m) => inBrief(brief, m[1])],
    [
      /^Writer's note: (?:a related passage from the team's library, to quote or link to|more related passages from the team's library):$/,
      () => true,
    ],
    [/^Writer's note: brand keywords to work in only where the text shows them: (.+)\.$/, (m) => keywordsOnly(m[1])],
    [/^Writer's note: (.+) claim what a reader cannot check: use them only beside a figure or a source\.$/, (m) => keywordsOnly(m[1])],
    [/^Writer's note: one .+ post of at most \d+ characters, making these points:$/, () => true],
  ];
  return forms.some(([form, check]) => {
    const m = note.match(form);
    return !!m && check(m);
  });
}

/**
 * Every block of a built-in draft is the brief's (headings, listed points), a quoted library passage with its
 * link, the outline's label, or one of the writer's notes: no sentence of the assistant's own making.
 */
function provenanceProblems(
  text: string,
  request: { title: string; brief: string; voice: BrandVoice; sources: LibrarySource[] },
): string[] {
  const problems: string[] = [];
  for (const block of text.split(/\n{2,}/).map((b) => b.trim())) {
    const heading = block.match(/^(#{1,6})\s+(.+)$/);
    if (heading) {
      const instruction = INSTRUCTION.test(heading[2]);
      if (heading[1] === "#" ? heading[2] !== request.title : instruction || !inBrief(request.brief, heading[2]))
        problems.push(`heading: ${block}`);
    } else if (block === OUTLINE_HELP) continue;
    else if (block.startsWith(NOTE)) {
      if (!noteComesFrom(block, request.brief, request.voice)) problems.push(`note: ${block}`);
    } else if (block.startsWith(">")) {
      if (!request.sources.some((s) => quotePassage(s) === block)) problems.push(`quote: ${block}`);
    } else if (block.startsWith("- ")) {
      for (const item of block.split("\n")) if (!inBrief(request.brief, item.replace(/^- /, ""))) problems.push(`point: ${item}`);
    } else problems.push(`sentence: ${block}`);
  }
  return problems;
}

const ARTICLE_BRIEFS = [
  ...BRIEF_FIXTURES,
  { title: BRIEFS[0].briefTitle, type: "blog" as const, brief: BRIEFS[0].brief, points: [] },
  { title: BRIEFS[1].briefTitle, type: "article" as const, brief: BRIEFS[1].brief, points: [] },
  {
    title: "A Monthly Look Back",
    type: "blog" as const,
    brief: "A monthly look back: show five habits that saved us time. End by inviting readers to plan next month in it.",
    points: [],
  },
];

describe("the built-in draft is an outline: it invents no sentence", () => {
  it.each(ARTICLE_BRIEFS.flatMap((b) => TONE_IDS.map((t) => [b.title, t, b] as const)))(
    "%s (%s): every block comes from the brief, a quoted passage or the outline's notes",
    (_title, tone, brief) => {
      const request = { ...brief, voice: sampleVoice(tone), sources: SOURCES };
      const text = draftLocal(request);
      expect(provenanceProblems(text, request)).toEqual([]);
      expect(text.startsWith(`# ${brief.title}\n\n${OUTLINE_HELP}`)).toBe(true);
      for (const point of brief.points) expect(headings(text)).toContain(point);
    },
  );
  it("the check catches the sentences the old built-in draft wrote", () => {
    const request = { ...ARTICLE_BRIEFS.at(-1)!, voice: sampleVoice(), sources: SOURCES };
    for (const invented of [
      "This is Show five habits.",
      "Finally, A monthly look back.",
      "## End by inviting readers to plan next month in it",
      "The results are authentic: real data from named sources.",
      "Each recommendation here is data-driven and names its evidence.",
      `${NOTE} the approach is innovative, and we measure the results before we recommend it.`,
    ])
      expect(provenanceProblems(`${draftLocal(request)}\n\n${invented}`, request)).toHaveLength(1);
  });
  it("headings are the reader's words, never the writer's instructions", () => {
    const text = draftLocal({ ...ARTICLE_BRIEFS.at(-1)!, voice: sampleVoice() });
    expect(headings(text)).toEqual(["A Monthly Look Back", "Five habits that saved us time"]);
    expect(text).toContain(`${NOTE} close as the brief asks: “End by inviting readers to plan next month in it.”`);
  });
  it("quotes a related passage from the library with a link to its source, under the section it relates to", () => {
    const text = draftLocal({ ...BRIEF_FIXTURES[0], voice: sampleVoice(), sources: SOURCES });
    const section = text.split("## The shared brand voice")[1].split("\n## ")[0];
    expect(section).toContain("> A shared brand voice lets every writer sound like the team.");
    expect(section).toContain("— from [Why Brand Voice Beats Volume](/editor?id=item-1)");
  });
  it("is labelled as an outline, says how to connect a model, and is not scored as a finished text", async () => {
    const voice = sampleVoice();
    const answer = await localAssistant.draft({ ...SAMPLE_BRIEF, voice });
    expect(answer.outline).toBe(true);
    expect(answer.text).toContain("Outline, not a finished text.");
    expect(answer.text).toContain("connect a model in Settings › AI Agents");
    expect(isOutline(answer.text)).toBe(true);
    expect(scoreLocal(answer.text, voice)).toMatchObject({ score: 0, outline: true });
    expect(scoreLocal(answer.text, voice).parts[0].detail).toMatch(/^This is an outline, not a finished text: it is not scored\./);
  });
  it.each(TONE_IDS)("a social brief (%s) is the points to make in one post, within X's limit, no headings", (tone) => {
    for (const brief of BRIEF_FIXTURES) {
      const request = { ...brief, type: "social" as const, voice: sampleVoice(tone), sources: [] };
      const post = draftLocal(request);
      expect(post).not.toMatch(/^#+\s/m);
      expect(post).toContain("one X (Twitter) post of at most 280 characters");
      expect(provenanceProblems(post, request)).toEqual([]);
      expect(captionLength(post, "twitter")).toBeGreaterThan(0);
    }
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
    expect(listItems("where reviews used to stall, how they set up the pipeline, and what changed in three months")).toEqual([
      "where reviews used to stall",
      "how they set up the pipeline",
      "what changed in three months",
    ]);
    expect(listItems("the problem and the answer")).toEqual(["the problem", "the answer"]);
  });
});
