export const DEFAULT_OLLAMA_HOST = "http://localhost:11434";

/** OLLAMA_HOST as Ollama's own CLI reads it ("host:port" needs no scheme), without a trailing slash. */
export function ollamaHost(env: Record<string, string | undefined>): string {
  const raw = env.OLLAMA_HOST?.trim() || DEFAULT_OLLAMA_HOST;
  return (/^https?:\/\//i.test(raw) ? raw : `http://${raw}`).replace(/\/+$/, "");
}

/** The chat-completions base URL for an Ollama host. */
export const ollamaBaseUrl = (host: string) => `${host}/v1`;

export interface OllamaModel {
  name: string;
  /** Bytes on disk, when Ollama says. */
  size: number | null;
  parameters: string | null;
}

export type OllamaStatus =
  | { host: string; running: true; models: OllamaModel[] }
  | { host: string; running: false; reason: string; /** On a local address no Admin allowed. */ refused?: true };
