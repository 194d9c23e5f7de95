import type { ChatModelConfig, TokenUsage } from "~/domain/assistant/types";
import { modelFetch, OutboundError } from "./outbound-fetch.server";

export type { ChatModelConfig };

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface ChatResult {
  text: string;
  model: string;
  usage: TokenUsage;
  /** The server sent no usage figures: they are estimated from the text (4 characters a token). */
  usageEstimated: boolean;
}

/** A failure with a message fit for the writer; `retryable` failures are tried again. */
export class ChatModelError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

const DEFAULTS = { timeoutMs: 30_000, retries: 2, backoffMs: 400 };
const estimate = (chars: number) => Math.ceil(chars / 4);
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), reject(new ChatModelError("The request was cancelled.", false))), {
      once: true,
    });
  });

export function completionsUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/chat/completions`;
}

function readUsage(raw: unknown): TokenUsage | null {
  const u = raw as { prompt_tokens?: unknown; completion_tokens?: unknown } | null | undefined;
  return u && typeof u.prompt_tokens === "number" && typeof u.completion_tokens === "number"
    ? { prompt: u.prompt_tokens, completion: u.completion_tokens }
    : null;
}

function finish(text: string, model: string, usage: TokenUsage | null, promptChars: number): ChatResult {
  if (usage) return { text, model, usage, usageEstimated: false };
  return { text, model, usage: { prompt: estimate(promptChars), completion: estimate(text.length) }, usageEstimated: true };
}

async function readPlain(response: Response, config: ChatModelConfig, promptChars: number): Promise<ChatResult> {
  let body: { choices?: { message?: { content?: unknown } }[]; usage?: unknown; model?: unknown };
  try {
    body = await response.json();
  } catch {
    throw new ChatModelError("The model server answered with something that is not JSON.", false);
  }
  const text = body?.choices?.[0]?.message?.content;
  if (typeof text !== "string")
    throw new ChatModelError("The model server's answer has no message text (choices[0].message.content).", false);
  return finish(text, typeof body.model === "string" ? body.model : config.model, readUsage(body.usage), promptChars);
}

/** Reads a server-sent-events stream of chat-completion chunks, passing each piece of text on. */
async function readStream(
  response: Response,
  config: ChatModelConfig,
  promptChars: number,
  onDelta: (chunk: string) => void,
): Promise<ChatResult> {
  if (!response.body) throw new ChatModelError("The model server sent an empty stream.", false);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let text = "";
  let usage: TokenUsage | null = null;
  let model = config.model;
  let done = false;
  while (!done) {
    const next = await reader.read();
    if (next.done) break;
    buffer += next.value;
    const lines = buffer.split(/\r?\n/);
    buffer = lines.pop() ?? "";
    for (const line of lines) {
      if (!line.startsWith("data:")) continue;
      const data = line.slice(5).trim();
      if (data === "[DONE]") {
        done = true;
        break;
      }
      let chunk: { choices?: { delta?: { content?: unknown } }[]; usage?: unknown; model?: unknown };
      try {
        chunk = JSON.parse(data);
      } catch {
        throw new ChatModelError("The model server's stream carried a chunk that is not JSON.", false);
      }
      const piece = chunk.choices?.[0]?.delta?.content;
      if (typeof piece === "string" && piece) {
        text += piece;
        onDelta(piece);
      }
      usage = readUsage(chunk.usage) ?? usage;
      if (typeof chunk.model === "string") model = chunk.model;
    }
  }
  if (!done) throw new ChatModelError("The model server's stream ended before it finished ([DONE] never came).", true);
  if (!text) throw new ChatModelError("The model server's stream carried no text.", false);
  return finish(text, model, usage, promptChars);
}

/** What a refusal means for the Admin, without the server's status or body. */
function refusalWords(status: number) {
  if (status === 401 || status === 403) return "refused the API key: check it";
  if (status === 404) return "has no such address or model: check the base URL and the model name";
  if (status === 429) return "is limiting requests: try again later";
  if (status >= 500) return "had an error of its own: try again later";
  return "refused the request: check the base URL and the model name";
}

const localHint = (error: OutboundError) =>
  error.kind === "private" ? "; to use a model server on your own network, allow a local model server in Settings › AI Agents" : "";

async function attempt(
  config: ChatModelConfig,
  messages: ChatMessage[],
  options: { temperature: number; onDelta?: (c: string) => void; signal?: AbortSignal },
): Promise<ChatResult> {
  const timeoutMs = config.timeoutMs ?? DEFAULTS.timeoutMs;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const stream = !!options.onDelta;
  const promptChars = messages.reduce((n, m) => n + m.content.length, 0);
  try {
    const response = await modelFetch(config.localAllowed)(completionsUrl(config.baseUrl), {
      method: "POST",
      signal,
      headers: {
        "Content-Type": "application/json",
        Accept: stream ? "text/event-stream" : "application/json",
        ...(config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: config.model,
        messages,
        temperature: options.temperature,
        stream,
        ...(stream ? { stream_options: { include_usage: true } } : {}),
      }),
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      const retryable = response.status === 429 || response.status >= 500;
      throw new ChatModelError(`The model server ${refusalWords(response.status)}.`, retryable);
    }
    return stream ? await readStream(response, config, promptChars, options.onDelta!) : await readPlain(response, config, promptChars);
  } catch (error) {
    if (error instanceof ChatModelError) throw error;
    if (timeout.aborted) throw new ChatModelError(`The model server did not answer within ${Math.round(timeoutMs / 100) / 10} s.`, true);
    if (options.signal?.aborted) throw new ChatModelError("The request was cancelled.", false);
    if (error instanceof OutboundError)
      throw new ChatModelError(`The model server at ${error.message}${localHint(error)}.`, !error.permanent);
    throw new ChatModelError("The model server could not be reached.", true);
  }
}

/**
 * One chat completion with bounded retries and exponential backoff. Streams when onDelta is given.
 * Throws ChatModelError with the last failure's message when every attempt fails.
 */
export async function chatComplete(
  config: ChatModelConfig,
  messages: ChatMessage[],
  options: { temperature: number; onDelta?: (chunk: string) => void; onRestart?: () => void; signal?: AbortSignal },
): Promise<ChatResult & { attempts: number }> {
  const retries = config.retries ?? DEFAULTS.retries;
  let streamed = false;
  const onDelta = options.onDelta && ((chunk: string) => ((streamed = true), options.onDelta!(chunk)));
  for (let n = 0; ; n++) {
    try {
      if (streamed) options.onRestart?.();
      streamed = false;
      return { ...(await attempt(config, messages, { ...options, onDelta })), attempts: n + 1 };
    } catch (error) {
      const failure = error as ChatModelError;
      if (!failure.retryable || n >= retries)
        throw new ChatModelError(n > 0 ? `${failure.message} (after ${n + 1} attempts)` : failure.message, false);
      await sleep((config.backoffMs ?? DEFAULTS.backoffMs) * 2 ** n, options.signal);
    }
  }
}
