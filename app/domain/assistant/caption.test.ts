import fc from "fast-check";
import { describe, expect, it } from "vitest";

/** Hundreds of generated cases take a few seconds on a loaded machine; this is no timing assertion. */
const PROPERTY_TIMEOUT = 30_000;
import { campaignOf, captionHashtags, fitCaption, LEAD_SCAN, leadOf, localCaption, toHashtag } from "./caption";
import { captionLength, PLATFORM_LIMITS, X_LINK_LENGTH } from "./caption-length";
import { PLATFORMS, type BrandVoice, type Platform } from "./types";
import { articleText } from "../markdown";

const voice = (tone = "professional", keywords = ["innovative", "data-driven"]): BrandVoice => ({
  tone: { id: tone, name: tone, description: "" },
  keywords,
  guidelines: "",
  creativity: "Balanced",
  threshold: 70,
});
const ARTICLE =
  "Why Brand Voice Wins\n\nBrand voice matters more than ever. When anyone can publish fluent text, voice is what people remember. Define it early.\n\nMeasure what performs.";
const graphemes = (text: string) => [...new Intl.Segmenter("en", { granularity: "grapheme" }).segment(text)].map((s) => s.index);

describe("captionLength counts like each platform", () => {
  it("weighs X posts: Latin 1, CJK and emoji 2, any link 23", () => {
    expect(captionLength("hello", "twitter")).toBe(5);
    expect(captionLength("日本", "twitter")).toBe(4);
    expect(captionLength("👩‍👩‍👧", "twitter")).toBe(2);
    expect(captionLength("see https://example.com/a/very/long/path/that/goes/on/and/on", "twitter")).toBe(4 + X_LINK_LENGTH);
  });
  it("counts UTF-16 units elsewhere, so an emoji is 2 and hashtags count", () => {
    expect(captionLength("hi 👋 #AI", "instagram")).toBe(9);
    expect(captionLength("日本", "linkedin")).toBe(2);
  });
});

describe("hashtags", () => {
  it("turns tags into hashtags without repeats, as many as the platform takes", () => {
    expect(toHashtag("content marketing")).toBe("#ContentMarketing");
    expect(toHashtag("data-driven")).toBe("#DataDriven");
    expect(toHashtag("2026")).toBeNull();
    expect(toHashtag("!!")).toBeNull();
    expect(captionHashtags(["AI", "content marketing", "ai"], "linkedin")).toEqual(["#AI", "#ContentMarketing"]);
    expect(captionHashtags(["a1", "b2", "c3", "d4"], "twitter")).toEqual(["#a1", "#b2", "#c3"]);
  });
  it("names a campaign from a short title or the short part before its colon", () => {
    expect(campaignOf("Spring Launch")).toEqual(["Spring Launch"]);
    expect(campaignOf("Spring Launch: Five Ways Teams Ship Faster")).toEqual(["Spring Launch"]);
    expect(campaignOf("Why every marketing team needs a calendar")).toEqual([]);
    expect(campaignOf("Untitled social post")).toEqual([]);
  });
  it("ends the built-in caption with the item's tags, never the brand keywords", () => {
    const caption = localCaption({
      title: "Why Brand Voice Wins",
      body: ARTICLE,
      tags: ["branding", "content marketing"],
      platform: "linkedin",
      voice: voice(),
    });
    expect(caption.split("\n").at(-1)).toBe("#branding #ContentMarketing");
  });
  it("never opens with a placeholder title", () => {
    const caption = localCaption({ title: "Untitled blog post", body: ARTICLE, tags: [], platform: "twitter", voice: voice() });
    expect(caption).not.toMatch(/untitled/i);
  });
});

describe("the built-in caption", () => {
  it("leads with the article's opening sentences, skipping the repeated title and Markdown marks", () => {
    expect(leadOf("Why Brand Voice Wins", ARTICLE, 2)).toBe(
      "Brand voice matters more than ever. When anyone can publish fluent text, voice is what people remember.",
    );
    expect(leadOf("T", "# T\n\nA **bold** [link](https://x.test) here. Next.", 1)).toBe("A bold link here.");
  });
  it("quotes the writer's characters that are not marks", () => {
    expect(leadOf("T", "Set user_id for ~300 people at *5 %* off, `a_b`.", 1)).toBe("Set user_id for ~300 people at 5 % off, a_b.");
  });
  it("reads the lead from the opening of a long article only", () => {
    const long = `${"An opening sentence here. ".repeat(100)}\n\n${"x".repeat(LEAD_SCAN * 20)}`;
    expect(leadOf("T", long, 1)).toBe("An opening sentence here.");
  });
  it("shapes its wording by tone", () => {
    const captions = ["professional", "friendly", "witty", "inspirational", "casual"].map((tone) =>
      localCaption({ title: "Why Brand Voice Wins", body: ARTICLE, tags: [], platform: "facebook", voice: voice(tone, []) }),
    );
    expect(new Set(captions).size).toBe(5);
    expect(captions[1]).toContain("we'd love for you to read it");
    expect(captions.every((c) => c.includes("Brand voice matters more than ever."))).toBe(true);
  });
  it("builds a caption from the title and tags when the item has no text", () => {
    const caption = localCaption({ title: "Launch day", body: "  ", tags: ["launch"], platform: "twitter", voice: voice() });
    expect(caption).toBe("Launch day. Read the full piece for the details. #launch");
  });
  it("cuts a long lead on a word boundary with an ellipsis to fit X", () => {
    const body = `${"word ".repeat(400)}end.`;
    const caption = localCaption({ title: "Long", body, tags: ["x"], platform: "twitter", voice: voice() });
    expect(captionLength(caption, "twitter")).toBeLessThanOrEqual(280);
    expect(caption).toMatch(/ word… /);
    expect(caption).toContain("#x");
  });
  it("cuts an endless opening sentence on a word boundary before measuring, even where it would fit", () => {
    const body = `${"lorem ipsum dolor sit amet ".repeat(2000)}end.`; // 54,000 characters, one sentence
    const caption = localCaption({ title: "Long read", body, tags: [], platform: "facebook", voice: voice("professional", []) });
    expect(caption.length).toBeLessThan(LEAD_SCAN + 200);
    expect(caption).toMatch(/ (lorem|ipsum|dolor|sit|amet)…\n/);
  });
  it("stays within the limit for a 1 MB body, with spaces or without", () => {
    for (const body of ["lorem ipsum ".repeat(90_000), "日本語のテキストです".repeat(100_000)]) {
      for (const p of PLATFORMS)
        expect(captionLength(localCaption({ title: "Big", body, tags: ["big"], platform: p, voice: voice() }), p)).toBeLessThanOrEqual(
          PLATFORM_LIMITS[p],
        );
    }
  });
  it("cuts any answer (a model's too) to the limit", () => {
    const text = "a ".repeat(200);
    expect(captionLength(fitCaption(text, "twitter"), "twitter")).toBeLessThanOrEqual(280);
    expect(fitCaption("short", "twitter")).toBe("short");
  });
});

const platform = fc.constantFrom<Platform>(...PLATFORMS);
const tone = fc.constantFrom("professional", "friendly", "witty", "inspirational", "casual", "unknown");
const word = fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }).map((w) => w.replace(/\s/gu, "x"));
const words = (max: number) => fc.array(word, { maxLength: max }).map((ws) => ws.join(" "));

describe("properties", () => {
  it(
    "never exceeds the platform's limit, for any title, body and tags",
    () => {
      fc.assert(
        fc.property(
          fc.string({ unit: "grapheme", maxLength: 200 }),
          fc.string({ unit: "grapheme", maxLength: 4000 }),
          fc.array(fc.string({ maxLength: 40 }), { maxLength: 10 }),
          platform,
          tone,
          (title, body, tags, p, t) => {
            const caption = localCaption({ title, body, tags, platform: p, voice: voice(t) });
            expect(captionLength(caption, p)).toBeLessThanOrEqual(PLATFORM_LIMITS[p]);
          },
        ),
        { numRuns: 300 },
      );
    },
    PROPERTY_TIMEOUT,
  );
  it(
    "never cuts a word or an emoji in half: a cut text is a prefix of the source ending at a word's end",
    () => {
      fc.assert(
        fc.property(words(600), platform, (text, p) => {
          const source = text.trim();
          const fitted = fitCaption(source, p);
          expect(captionLength(fitted, p)).toBeLessThanOrEqual(PLATFORM_LIMITS[p]);
          if (fitted === source) return;
          expect(fitted.endsWith("…")).toBe(true);
          const kept = fitted.slice(0, -1);
          expect(source.startsWith(kept)).toBe(true);
          const next = source.slice(kept.length);
          expect(next === "" || /^[\s,;:–—-]/u.test(next)).toBe(true); // the cut fell where a word ended
        }),
        { numRuns: 300 },
      );
    },
    PROPERTY_TIMEOUT,
  );
  it(
    "cuts the built-in caption's lead after a whole word of the article",
    () => {
      const plainWord = word.map((w) => w.replace(/[…,;:–—\-.!?。]/gu, "y"));
      fc.assert(
        fc.property(
          fc.array(plainWord, { minLength: 1, maxLength: 200 }),
          fc.array(word, { maxLength: 5 }),
          platform,
          tone,
          (bodyWords, tags, p, t) => {
            const body = bodyWords.join(" ");
            const caption = localCaption({ title: "Title", body, tags, platform: p, voice: voice(t) });
            expect(captionLength(caption, p)).toBeLessThanOrEqual(PLATFORM_LIMITS[p]);
            const cut = caption.indexOf("…");
            if (cut === -1) return;
            // A word as a reader reads it: Markdown marks the generator happens to write ("*a*") are not words.
            expect(articleText(body).split(/\s+/u)).toContain(caption.slice(0, cut).split(/\s/u).at(-1));
          },
        ),
        { numRuns: 300 },
      );
    },
    PROPERTY_TIMEOUT,
  );
  it(
    "cuts even a single endless token only between graphemes",
    () => {
      fc.assert(
        fc.property(
          fc.string({ unit: "grapheme", minLength: 300, maxLength: 600 }).map((s) => s.replace(/\s/gu, "")),
          (token) => {
            const fitted = fitCaption(token, "twitter");
            expect(captionLength(fitted, "twitter")).toBeLessThanOrEqual(280);
            if (fitted === token || fitted === "") return;
            const kept = fitted.slice(0, -1);
            expect(token.startsWith(kept)).toBe(true);
            expect(graphemes(token)).toContain(kept.length);
          },
        ),
        { numRuns: 200 },
      );
    },
    PROPERTY_TIMEOUT,
  );
});
