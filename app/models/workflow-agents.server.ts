// What each agent type does in one step. `work` only reads and asks the assistant (the Publisher
// also queues the item's channel posts, which a retry never doubles); it returns a plan that the
// runner commits atomically with the step's outcome.
import { fitCaption } from "~/domain/assistant/caption";
import { captionLength, PLATFORM_LIMITS } from "~/domain/assistant/caption-length";
import { platformFor } from "~/domain/assistant/draft-platform";
import { enhanceLocal } from "~/domain/assistant/enhance";
import { isOutline, notesLeft } from "~/domain/assistant/outline";
import { meetsThreshold } from "~/domain/assistant/score";
import { suggestLocal } from "~/domain/assistant/suggest";
import type { Assistant, BrandVoice, LibrarySource, VoiceScorePart } from "~/domain/assistant/types";
import type { Suggestion } from "~/domain/suggestions";
import { isContentType, type ContentType } from "~/domain/content";
import { applySuggestions, publishNote, publishPlan, REVIEW_ITEM, reviewOutcome, type ReviewMode } from "~/domain/workflow-run";

export interface StepItem {
  id: string;
  title: string;
  type: string;
  body: string;
  status: string;
  version: number;
  authorId: string;
}

export interface StepContext {
  run: { id: string; briefTitle: string | null; brief: string | null; briefType: string | null; baseBody: string | null };
  position: number;
  agent: { id: string; name: string; type: string };
  item: StepItem | null;
  assistant: Assistant;
  voice: BrandVoice;
  settings: { autoPublish: boolean; autoPost: boolean; reviewMode: ReviewMode };
  /**
   * Publishing's channel posts, as the editor's (postsOnPublish in app/services/publish-posts.server.ts),
   * given by the runner: returns the channels whose posts are now queued for the delivery job.
   */
  publishPosts: (contentId: string) => Promise<string[]>;
  now: Date;
  /** Related passages from the published library, for the Generator's draft. */
  findSources?: (brief: string, exclude: string) => Promise<LibrarySource[]>;
}

export interface StepPlan {
  tokens: number;
  /** The body the agent read; set by the runner when the new body must be merged with later saves. */
  base?: string;
  note: string;
  /** Input from a brief: the item to create. */
  create?: { title: string; type: ContentType };
  /** New text for the item (saved as a revision). */
  body?: string;
  /** Where the item's status moves. */
  status?: "draft" | "review" | "published";
  /** A comment on the item (the reviewer's notes). */
  comment?: string;
  /** The step waits for a person before the run goes on: an approval, or a writer to write the piece. */
  wait?: "approval" | "writer";
  /** An editing step (editor, stylist): the first one records the text it started from. */
  editing?: boolean;
  /** The run ends after this step, with this outcome. */
  finish?: string;
  /** What the run achieved so far (the outcome it ends with unless a later step says otherwise). */
  outcome?: string;
}

const usageTokens = (u: { prompt: number; completion: number }) => u.prompt + u.completion;

function need(item: StepItem | null): StepItem {
  if (!item) throw new Error("This run has no content item yet: the Content Input step must come first.");
  return item;
}

export async function work(ctx: StepContext): Promise<StepPlan> {
  switch (ctx.agent.type) {
    case "input":
      return input(ctx);
    case "generator":
      return generate(ctx);
    case "editor":
      return edit(ctx);
    case "stylist":
      return style(ctx);
    case "reviewer":
      return review(ctx);
    case "publisher":
      return publish(ctx);
    default:
      throw new Error(`Unknown agent type “${ctx.agent.type}”.`);
  }
}

function input({ run, item }: StepContext): StepPlan {
  if (item) return { tokens: 0, note: `Picked “${item.title}” from the queue` };
  const title = run.briefTitle?.trim();
  if (!title) throw new Error("The run has neither a content item nor a brief.");
  const type = run.briefType && isContentType(run.briefType) ? run.briefType : "blog";
  return { tokens: 0, note: `Took the brief “${title}”`, create: { title, type } };
}

async function generate({ run, item, assistant, voice, findSources }: StepContext): Promise<StepPlan> {
  const current = need(item);
  if (current.body.trim()) return { tokens: 0, note: "Kept the writer's existing text" };
  const type = isContentType(current.type) ? current.type : "blog";
  const brief = run.brief?.trim() || current.title;
  const sources = findSources && type !== "social" && type !== "caption" ? await findSources(`${current.title}. ${brief}`, current.id) : [];
  const answer = await assistant.draft({ title: current.title, brief, type, voice, sources });
  if (!answer.text.trim()) throw new Error("The assistant returned an empty draft.");
  // Without a model the draft is an outline: the run waits for a person to write the piece (decision 038).
  if (answer.outline)
    return {
      tokens: usageTokens(answer.usage),
      body: answer.text,
      wait: "writer",
      note: `Wrote an outline with the built-in assistant (no model answered): waiting for a writer${answer.fallbackReason ? `; ${answer.fallbackReason}` : ""}`,
    };
  // A post stays within its channel's limit whoever wrote it.
  const platform = platformFor(type);
  if (platform) answer.text = fitCaption(answer.text, platform);
  const via = answer.source === "model" ? `model ${answer.model ?? ""}`.trim() : "built-in assistant";
  return {
    tokens: usageTokens(answer.usage),
    body: answer.text,
    note: `Drafted ${answer.text.split(/\s+/).filter(Boolean).length} words (${via})${answer.fallbackReason ? `; ${answer.fallbackReason}` : ""}`,
  };
}

/** The Content Editor fixes by rule everything that is safe: plain words, fillers, doubled words, banned terms, long sentences. */
function edit({ item, voice }: StepContext): StepPlan {
  const current = need(item);
  if (isOutline(current.body)) return { tokens: 0, editing: true, note: "Left the outline for the writer: nothing to edit yet" };
  const { text, applied } = enhanceLocal(current.body, voice);
  if (!withinLimit(current.type, text))
    return { tokens: 0, editing: true, note: "Left the post as it is: the fixes would take it over its channel's limit" };
  if (applied.length === 0)
    return { tokens: 0, editing: true, note: "Nothing to fix by rule: no banned, wordy or doubled words, no long sentences" };
  return { tokens: 0, editing: true, note: `Fixed ${applied.length}: ${summarize(applied.map((s) => s.message))}`, body: text };
}

const summarize = (list: string[]) => (list.length > 4 ? `${list.slice(0, 4).join("; ")}; and ${list.length - 4} more` : list.join("; "));

/**
 * The Style Optimizer rewrites for the voice: a model rewrites; the built-in assistant turns passive
 * sentences with a named doer active. It never adds a sentence, so never a claim (decision 038).
 */
async function style({ item, assistant, voice }: StepContext): Promise<StepPlan> {
  const current = need(item);
  if (isOutline(current.body)) return { tokens: 0, editing: true, note: "Left the outline for the writer: nothing to style yet" };
  const answer = await assistant.enhance({ text: current.body, voice });
  let text = answer.text.trim() ? answer.text : current.body;
  const made: string[] = answer.source === "model" && text !== current.body ? [`rewrote with ${answer.model ?? "the model"}`] : [];
  if (answer.source === "local") {
    // Passive sentences with a named doer become active, in the sentence's own words.
    const chosen = suggestLocal(text, voice).filter((s) => s.kind === "passive" && s.replacement !== undefined);
    const result = applySuggestions(text, chosen as (Suggestion & { replacement: string })[]);
    if (result.applied) made.push(`made ${result.applied} passive sentence${result.applied === 1 ? "" : "s"} active`);
    text = result.text;
    if (text !== current.body && made.length === 0) made.push("applied the built-in assistant's safe changes");
  }
  if (!withinLimit(current.type, text)) text = fitCaption(text, platformFor(current.type)!);
  const changed = text !== current.body;
  return {
    tokens: usageTokens(answer.usage),
    editing: true,
    note: changed
      ? `${upperFirst(made.join("; "))} for the ${voice.tone.name} voice`
      : `Nothing left it can change safely for the ${voice.tone.name} voice`,
    ...(changed ? { body: text } : {}),
  };
}

const upperFirst = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

function withinLimit(type: string, text: string): boolean {
  const platform = platformFor(type);
  return !platform || captionLength(text, platform) <= PLATFORM_LIMITS[platform];
}

/** What the reviewer wants changed: each fix of the parts below the threshold, with its place. */
function reviewList(parts: VoiceScorePart[], threshold: number): string[] {
  const below = parts.filter((p) => p.score < threshold);
  const chosen = below.length ? below : parts.filter((p) => p.score < 100);
  return chosen
    .flatMap((p) => (p.fixes.length ? p.fixes.map((f) => `${p.label}: ${f.message}`) : [`${p.label}: ${p.detail}`]))
    .slice(0, 10);
}

/**
 * Whether the score passes only because the pipeline added brand keywords: from the text the editing steps
 * started from, the keyword part rose and no other part did, and without that the text would not pass.
 */
function roseOnlyThroughKeywords(base: string | null, now: VoiceScorePart[], score: number, assistant: Assistant, voice: BrandVoice) {
  if (base === null || !base.trim()) return null;
  const before = assistant.score(base, voice);
  if (before.outline || meetsThreshold(before.score, voice) || !meetsThreshold(score, voice)) return null;
  const was = new Map(before.parts.map((p) => [p.key, p.score]));
  const rose = now.filter((p) => p.score > (was.get(p.key) ?? 0)).map((p) => p.key);
  return rose.length === 1 && rose[0] === "keywords" ? before.score : null;
}

/** The reviewer returns an outline to its writer: it is notes, not a text to publish. */
function returnOutline(current: StepItem): StepPlan {
  const left = notesLeft(current.body);
  const ask = `Write the piece: the text is still the built-in assistant's outline (${left} writer's ${left === 1 ? "note" : "notes"} left). Write each section in your own words, then delete the outline's label and notes.`;
  return {
    tokens: 0,
    note: `Sent back to draft: still an outline\n${REVIEW_ITEM}${ask}`,
    comment: `Not reviewed: this is still an outline. Please change:\n${REVIEW_ITEM}${ask}`,
    status: current.status === "published" ? undefined : "draft",
    finish: "returned",
  };
}

function review({ run, item, assistant, voice, settings }: StepContext): StepPlan {
  const current = need(item);
  if (isOutline(current.body)) return returnOutline(current);
  const { score, parts } = assistant.score(current.body, voice);
  const keywordsOnly = roseOnlyThroughKeywords(run.baseBody, parts, score, assistant, voice);
  const verdict = keywordsOnly === null ? reviewOutcome(score, voice.threshold, settings.reviewMode) : settings.reviewMode;
  const against = `score ${score} against the threshold ${voice.threshold}`;
  if (verdict === "pass") return { tokens: 0, note: `Passed: ${against}`, status: current.status === "draft" ? "review" : undefined };
  const list =
    keywordsOnly === null
      ? reviewList(parts, voice.threshold)
      : [
          `Brand keywords: the score rose from ${keywordsOnly} to ${score} only through keywords the pipeline added; keep each one only where its sentence shows it (a figure or a source), and work on the rest:`,
          ...reviewList(
            parts.filter((p) => p.key !== "keywords"),
            voice.threshold,
          ),
        ].slice(0, 10);
  const head = keywordsOnly === null ? `Below the threshold (${against})` : `Not passed: ${against}, reached only through brand keywords`;
  const comment = [`${head}. Please change:`, ...list.map((l) => `${REVIEW_ITEM}${l}`)].join("\n");
  const withList = (head: string) => [head, ...list.map((l) => `${REVIEW_ITEM}${l}`)].join("\n");
  // The pipeline never takes down what is already live: a published item only gets the notes.
  const live = current.status === "published";
  if (verdict === "approval")
    return {
      tokens: 0,
      note: withList(`Waiting for approval: ${against}`),
      status: live ? undefined : "review",
      wait: "approval",
      comment,
    };
  if (live)
    return { tokens: 0, note: withList(`Below the threshold, left published with the notes: ${against}`), comment, finish: "returned" };
  return { tokens: 0, note: withList(`Sent back to draft: ${against}`), status: "draft", comment, finish: "returned" };
}

async function publish(ctx: StepContext): Promise<StepPlan> {
  const current = need(ctx.item);
  const plan = publishPlan(ctx.settings);
  if (!plan.publish && current.status === "published")
    return { tokens: 0, note: "Already published; auto-publish is off, so nothing was posted", outcome: "approved" };
  if (!plan.publish)
    return {
      tokens: 0,
      note: "Auto-publish is off: left approved in review for a person to publish",
      status: "review",
      outcome: "approved",
    };
  // Nothing is sent here: the posts wait for the commit to publish the item, then the delivery job sends them.
  const queued = await ctx.publishPosts(current.id);
  return { tokens: 0, note: publishNote(queued, plan.post), status: "published", outcome: "published" };
}
