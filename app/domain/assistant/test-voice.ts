import type { BrandVoice } from "./types";
import { TONE_IDS } from "./tone";

const NAMES: Record<string, string> = {
  professional: "Professional",
  friendly: "Friendly",
  witty: "Witty",
  inspirational: "Inspirational",
  casual: "Casual",
};

/** The seeded brand voice (prisma/sample/people.ts), with a chosen tone: for tests and the benchmark. */
export function sampleVoice(tone: (typeof TONE_IDS)[number] = "professional", overrides: Partial<BrandVoice> = {}): BrandVoice {
  return {
    tone: { id: tone, name: NAMES[tone], description: "" },
    keywords: ["innovative", "data-driven", "customer-first", "authentic"],
    guidelines:
      "Write in active voice and keep sentences short. Lead with the reader's problem. Avoid jargon and hype words such as 'revolutionary' or 'game-changing'. Always cite data sources.",
    creativity: "Balanced",
    threshold: 85,
    ...overrides,
  };
}
