import type { ContentType } from "../content";
import type { Suggestion } from "../suggestions";

export type { Suggestion };

export const PLATFORMS = ["twitter", "linkedin", "facebook", "instagram"] as const;
export type Platform = (typeof PLATFORMS)[number];

/** The brand voice from Settings, as every assistant call receives it. */
export interface BrandVoice {
  tone: { id: string; name: string; description: string };
  keywords: string[];
  guidelines: string;
  creativity: string;
  /** Content Generation Threshold, 50–100: the score content must reach. */
  threshold: number;
}

export interface TokenUsage {
  prompt: number;
  completion: number;
}

/** What a generating call returns, whichever provider answered. */
export interface AssistantAnswer {
  text: string;
  source: "local" | "model";
  /** The model's name when source is "model". */
  model?: string;
  usage: TokenUsage;
  /** Set when the model was configured but failed and the local provider answered instead. */
  fallbackReason?: string;
  /** What the built-in assistant changed, one line per change. */
  changes?: string[];
  /** The built-in assistant's outline (no model answered): the writer writes the piece. */
  outline?: boolean;
}

export interface VoiceScorePart {
  key: "tone" | "keywords" | "guidelines" | "readability";
  label: string;
  /** 0–100 for this part alone. */
  score: number;
  /** Share of the total, the parts' weights sum to 1. */
  weight: number;
  /** One readable sentence: what was found and what would raise it. */
  detail: string;
  /** What to do to raise this part, each pointing at its place in the text. */
  fixes: ScoreFix[];
}

/** One thing a writer can do to raise a part of the score, and where. */
export interface ScoreFix {
  message: string;
  /** The span it is about, when there is one. */
  start?: number;
  end?: number;
}

export interface VoiceScore {
  /** 0–100. */
  score: number;
  /** The text is the built-in assistant's outline: not scored as a finished text. */
  outline?: boolean;
  parts: VoiceScorePart[];
}

/** A passage from a published item in the team's library, quoted in a draft with a link to its source. */
export interface LibrarySource {
  id: string;
  title: string;
  href: string;
  passage: string;
}

export interface DraftRequest {
  title: string;
  brief: string;
  type: ContentType;
  voice: BrandVoice;
  /** Related passages from the published library (found with the library's search). */
  sources?: LibrarySource[];
  /** The channel a social or caption brief is for; its limit bounds the post. */
  platform?: Platform;
}

export interface EnhanceRequest {
  text: string;
  voice: BrandVoice;
}

export interface CaptionRequest {
  title: string;
  body: string;
  tags: string[];
  platform: Platform;
  voice: BrandVoice;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Receives text as a streaming model produces it. */
  onDelta?: (chunk: string) => void;
  /** The streamed text so far is void (a retry starts over, or the local provider answers instead). */
  onRestart?: () => void;
}

/** What the studio asks of an assistant. Every caller goes through this. */
export interface Assistant {
  /** Located suggestions in text order. Always local and synchronous. */
  suggest(text: string, voice: BrandVoice): Suggestion[];
  /** Brand-voice score with its breakdown. Always local and synchronous. */
  score(text: string, voice: BrandVoice): VoiceScore;
  enhance(request: EnhanceRequest, options?: CallOptions): Promise<AssistantAnswer>;
  draft(request: DraftRequest, options?: CallOptions): Promise<AssistantAnswer>;
  caption(request: CaptionRequest, options?: CallOptions): Promise<AssistantAnswer>;
}

/** Where the OpenAI-compatible server is and how patient to be with it. */
export interface ChatModelConfig {
  baseUrl: string;
  apiKey?: string | null;
  model: string;
  /** Per attempt, including a whole stream. */
  timeoutMs?: number;
  /** Attempts after the first, for network errors, timeouts, 429 and 5xx. */
  retries?: number;
  /** First backoff; doubles each retry. */
  backoffMs?: number;
  /** An Admin allowed a model server on a local or private address (Settings › AI Agents, audited). */
  localAllowed?: boolean;
}

/** What one generating call did, for the usage record. */
export interface CallRecord {
  purpose: string;
  source: "local" | "model";
  model: string | null;
  promptTokens: number;
  completionTokens: number;
  usageEstimated: boolean;
  durationMs: number;
  fallbackReason: string | null;
}

/** Assistant calls and tokens, for an item or the whole studio. */
export interface UsageSummary {
  calls: number;
  modelCalls: number;
  fallbacks: number;
  promptTokens: number;
  completionTokens: number;
  estimated: boolean;
}
