// Built-in caption and social card timing: a 2,000-word article and a 1 MB body, per platform.
// Usage: npx tsx scripts/bench-caption.ts. Prints p50/max in ms per case and the load average,
// since other busy processes inflate wall-clock times.
import "../server/require-node"; // first: refuses an older Node before anything loads
import os from "node:os";
import { performance } from "node:perf_hooks";
import { localCaption } from "../app/domain/assistant/caption";
import { PLATFORMS, type BrandVoice } from "../app/domain/assistant/types";
import { socialCardSvg } from "../app/domain/social-card";
import { SAMPLE_ARTICLE, SAMPLE_ARTICLE_TITLE } from "../prisma/sample/article";

const RUNS = 30;
const voice: BrandVoice = {
  tone: { id: "friendly", name: "Friendly", description: "" },
  keywords: ["innovative", "data-driven"],
  guidelines: "",
  creativity: "Balanced",
  threshold: 70,
};
const words = SAMPLE_ARTICLE.split(/\s+/).filter(Boolean);
const article2000 = Array.from({ length: 2000 }, (_, i) => words[i % words.length] + (i % 17 === 16 ? ".\n\n" : "")).join(" ");
const oneMegabyte = "lorem ipsum dolor sit amet ".repeat(Math.ceil(1_000_000 / 27)); // no sentence end at all

function time(label: string, fn: () => unknown) {
  fn(); // warm up
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    fn();
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  console.log(`${label.padEnd(34)} p50 ${ms[Math.floor(RUNS / 2)].toFixed(2)} ms  max ${ms[RUNS - 1].toFixed(2)} ms`);
}

console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")} on ${os.cpus().length} cores, ${RUNS} runs each`,
);
for (const platform of PLATFORMS) {
  time(`caption ${platform}, 2,000 words`, () =>
    localCaption({ title: SAMPLE_ARTICLE_TITLE, body: article2000, tags: ["AI", "strategy"], platform, voice }),
  );
  time(`caption ${platform}, 1 MB body`, () =>
    localCaption({ title: SAMPLE_ARTICLE_TITLE, body: oneMegabyte, tags: ["AI"], platform, voice }),
  );
}
time("social card, 200-character title", () => socialCardSvg({ title: "word ".repeat(40), type: "blog", tone: voice.tone }));
