// What each agent type does in one step. `work` only reads and asks the assistant (plus the
// publisher's webhooks, which are keyed so a retry never posts twice); it returns a plan that the
// runner commits atomically with the step's outcome.
import { fitCaption } from "~/domain/assistant/caption";
import { captionLength, PLATFORM_LIMITS } from "~/domain/assistant/caption-length";
import { platformFor } from "~/domain/assistant/draft-platform";
import { enhanceLocal } from "~/domain/assistant/enhance";
import { suggestLocal } from "~/domain/assistant/suggest";
import type { Assistant, BrandVoice, LibrarySource, VoiceScorePart } from "~/domain/assistant/types";
import type { Suggestion } from "~/domain/suggestions";
import { isContentType, type ContentType } from "~/domain/content";
import { applySuggestions, publishPlan, REVIEW_ITEM, reviewOutcome, type ReviewMode } from "~/domain/workflow-run";
import type { OutboxRow, PublishPayload } from "./publisher.server";

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
  run: { id: string; briefTitle: string | null; brief: string | null; briefType: string | null };
  position: number;
  agent: { id: string; name: string; type: string };
  item: StepItem | null;
  assistant: Assistant;
  voice: BrandVoice;
  settings: { autoPublish: boolean; autoPost: boolean; reviewMode: ReviewMode };
  /** The publisher's delivery, given by the runner (app/services/publish-delivery.server.ts). */
  deliver: (input: {
    runId: string;
    position: number;
    item: Omit<PublishPayload, "platform" | "handle" | "html">;
  }) => Promise<{ outbox: OutboxRow[]; sent: string[]; outboxNames: string[] }>;
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
  /** The step waits for a person before the run goes on. */
  wait?: boolean;
  /** The run ends after this step, with this outcome. */
  finish?: string;
  /** What the run achieved so far (the outcome it ends with unless a later step says otherwise). */
  outcome?: string;
  outbox?: OutboxRow[];
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
  const { text, applied } = enhanceLocal(current.body, voice);
  if (!withinLimit(current.type, text))
    return { tokens: 0, note: "Left the post as it is: the fixes would take it over its channel's limit" };
  if (applied.length === 0) return { tokens: 0, note: "Nothing to fix by rule: no banned, wordy or doubled words, no long sentences" };
  return { tokens: 0, note: `Fixed ${applied.length}: ${summarize(applied.map((s) => s.message))}`, body: text };
}

const summarize = (list: string[]) => (list.length > 4 ? `${list.slice(0, 4).join("; ")}; and ${list.length - 4} more` : list.join("; "));

/**
 * The Style Optimizer rewrites for the voice: a model rewrites; the built-in assistant adds the missing
 * brand keywords where the text talks about them and turns passive sentences with a named doer active.
 */
async function style({ item, assistant, voice }: StepContext): Promise<StepPlan> {
  const current = need(item);
  const answer = await assistant.enhance({ text: current.body, voice });
  let text = answer.text.trim() ? answer.text : current.body;
  const made: string[] = answer.source === "model" && text !== current.body ? [`rewrote with ${answer.model ?? "the model"}`] : [];
  if (answer.source === "local") {
    // A post carries its keywords as hashtags; added sentences would take it over its channel's limit.
    for (const kind of platformFor(current.type) ? (["passive"] as const) : (["passive", "keyword"] as const)) {
      const chosen = suggestLocal(text, voice).filter((s) => s.kind === kind && s.replacement !== undefined);
      const result = applySuggestions(text, chosen as (Suggestion & { replacement: string })[]);
      if (result.applied)
        made.push(
          kind === "keyword"
            ? `added ${result.applied} brand keyword${result.applied === 1 ? "" : "s"}`
            : `made ${result.applied} passive sentence${result.applied === 1 ? "" : "s"} active`,
        );
      text = result.text;
    }
    if (text !== current.body && made.length === 0) made.push("applied the built-in assistant's safe changes");
  }
  if (!withinLimit(current.type, text)) text = fitCaption(text, platformFor(current.type)!);
  const changed = text !== current.body;
  return {
    tokens: usageTokens(answer.usage),
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

function review({ item, assistant, voice, settings }: StepContext): StepPlan {
  const current = need(item);
  const { score, parts } = assistant.score(current.body, voice);
  const verdict = reviewOutcome(score, voice.threshold, settings.reviewMode);
  const against = `score ${score} against the threshold ${voice.threshold}`;
  if (verdict === "pass") return { tokens: 0, note: `Passed: ${against}`, status: current.status === "draft" ? "review" : undefined };
  const list = reviewList(parts, voice.threshold);
  const comment = [`Below the threshold (${against}). Please change:`, ...list.map((l) => `${REVIEW_ITEM}${l}`)].join("\n");
  const withList = (head: string) => [head, ...list.map((l) => `${REVIEW_ITEM}${l}`)].join("\n");
  // The pipeline never takes down what is already live: a published item only gets the notes.
  const live = current.status === "published";
  if (verdict === "approval")
    return { tokens: 0, note: withList(`Waiting for approval: ${against}`), status: live ? undefined : "review", wait: true, comment };
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
  if (!plan.post) return { tokens: 0, note: "Published (auto-post is off)", status: "published", outcome: "published" };
  const { outbox, sent, outboxNames } = await ctx.deliver({
    runId: ctx.run.id,
    position: ctx.position,
    item: { contentId: current.id, title: current.title, type: current.type, body: current.body, publishedAt: ctx.now.toISOString() },
  });
  const where = [sent.length ? `sent to ${sent.join(", ")}` : "", outboxNames.length ? `outbox for ${outboxNames.join(", ")}` : ""]
    .filter(Boolean)
    .join("; ");
  return {
    tokens: 0,
    note: `Published${where ? ` (${where})` : " (no integrations connected)"}`,
    status: "published",
    outcome: "published",
    outbox,
  };
}
