// Prints what the built-in assistant (no model) makes of the seed's sample brief and sample article, so
// anyone can judge them: AI Draft for the "Spring Launch" brief (an outline, with passages from the seeded
// library) and AI Enhance on "The Future of AI in Content Marketing". Usage: npx tsx scripts/assistant-samples.ts
import "../server/require-node"; // first: refuses an older Node before anything loads
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { seedDatabase } from "./lib/studio-server";
import { FIRST_WORKSPACE_ID, enterScriptScope } from "../app/db/workspace-scope.server";

// The samples are the first workspace's (decision 073).
enterScriptScope(FIRST_WORKSPACE_ID);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "assistant-samples-"));
const dbFile = path.join(dir, "samples.db");
seedDatabase(dbFile);
process.env.DATABASE_URL = `file:${dbFile}`;

const { draftLocal } = await import("../app/domain/assistant/draft");
const { enhanceLocal } = await import("../app/domain/assistant/enhance");
const { scoreLocal } = await import("../app/domain/assistant/score");
const { getBrandVoice } = await import("../app/models/assistant.server");
const { findLibrarySources } = await import("../app/models/library-passages.server");
const { SAMPLE_ARTICLE } = await import("../prisma/sample/article");
const { BRIEFS } = await import("../prisma/sample/runs");

const voice = await getBrandVoice();
const brief = BRIEFS[0];
const sources = await findLibrarySources(`${brief.briefTitle}. ${brief.brief}`);
const draft = draftLocal({ title: brief.briefTitle, brief: brief.brief, type: "blog", voice, sources });
const enhanced = enhanceLocal(SAMPLE_ARTICLE, voice);
const total = (text: string) => scoreLocal(text, voice).score;

console.log(`## AI Draft (built-in) for the brief “${brief.briefTitle}” (${brief.briefType})\n\nBrief: ${brief.brief}\n`);
const draftScore = scoreLocal(draft, voice);
console.log(
  `${draft}\n\n(${draftScore.outline ? "an outline: not scored" : `score ${draftScore.score}`}; ${sources.length} library passages quoted)\n`,
);
console.log(`## AI Enhance (built-in) on the sample article\n\nScore ${total(SAMPLE_ARTICLE)} → ${total(enhanced.text)}`);
console.log(`Changed (${enhanced.applied.length}):\n${enhanced.applied.map((s) => `- ${s.message}`).join("\n")}`);
console.log(
  `Left for the writer: notes and rewrites to tick (${enhanced.suggestions.length}):\n${enhanced.suggestions.map((s) => `- ${s.message}`).join("\n")}`,
);
console.log(`Still below target:\n${enhanced.remaining.map((f) => `- ${f.message}`).join("\n") || "- nothing"}`);
console.log(`\nThe enhanced text:\n\n${enhanced.text}`);
fs.rmSync(dir, { recursive: true, force: true });
