import { describe, expect, it } from "vitest";
import { assistantTextProblem, MAX_ASSISTANT_TEXT } from "./limits";
import { localAssistant } from "./local";
import { sampleVoice } from "./test-voice";

const voice = sampleVoice();

describe("local assistant", () => {
  it("enhance applies only the safe suggestions, deterministically", async () => {
    const text = "Our revolutionary plan is basically ready. We did it in order to learn the the basics. The chairman agreed.";
    const first = await localAssistant.enhance({ text, voice });
    expect(first).toMatchObject({ source: "local", usage: { prompt: 0, completion: 0 } });
    expect(first.text).toBe("Our new plan is ready. We did it to learn the basics. The chairman agreed.");
    expect((await localAssistant.enhance({ text, voice })).text).toBe(first.text);
  });
  it("draft is an outline of the brief: its points as sections, the writer's notes, no prose", async () => {
    const brief = "Explain why onboarding emails fail. Show three fixes with data. End with a checklist.";
    const answer = await localAssistant.draft({ title: "Better Onboarding Emails", brief, type: "blog", voice: sampleVoice("friendly") });
    expect(answer).toMatchObject({ source: "local", outline: true });
    expect(answer.text.split("\n")[0]).toBe("# Better Onboarding Emails");
    expect(answer.text).toContain("## Three fixes with data");
    expect(answer.text).toContain("## A checklist");
    expect(answer.text).toContain("Writer's note: open as the brief asks: “Explain why onboarding emails fail.”");
  });
  it("explains empty and oversized text", () => {
    expect(assistantTextProblem("   ")).toBe("There is no text yet: write something first, then ask the assistant.");
    expect(assistantTextProblem("x".repeat(1_000_000))).toBe(
      `The text is 1,000,000 characters; the assistant reads at most ${MAX_ASSISTANT_TEXT.toLocaleString("en")}. Split it into several items.`,
    );
    expect(assistantTextProblem("Fine.")).toBeNull();
  });
});
