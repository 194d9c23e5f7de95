// A local Ollama server: the studio finds it at OLLAMA_HOST (default http://localhost:11434), lists its
// models, and talks to the chosen one through Ollama's chat-completions endpoint ({host}/v1).

import { ollamaHost, type OllamaStatus } from "~/domain/assistant/ollama-host";
import { modelFetch, OutboundError } from "./outbound-fetch.server";

export { ollamaBaseUrl, ollamaHost } from "~/domain/assistant/ollama-host";

/**
 * Asks the Ollama server for its models (GET /api/tags); a server that is down or odd is reported, not
 * thrown. One on a local address answers only where an Admin allowed a local model server (`localAllowed`).
 */
export async function detectOllama(
  host = ollamaHost(process.env),
  { localAllowed = false, timeoutMs = 1500 }: { localAllowed?: boolean; timeoutMs?: number } = {},
): Promise<OllamaStatus> {
  try {
    const response = await modelFetch(localAllowed)(`${host}/api/tags`, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { Accept: "application/json" },
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return {
        host,
        running: false,
        reason: `Ollama at ${host} did not list its models (GET /api/tags); check that it is an Ollama server.`,
      };
    }
    const body = (await response.json()) as { models?: { name?: unknown; size?: unknown; details?: { parameter_size?: unknown } }[] };
    const models = (body.models ?? [])
      .filter((m) => typeof m.name === "string")
      .map((m) => ({
        name: m.name as string,
        size: typeof m.size === "number" ? m.size : null,
        parameters: typeof m.details?.parameter_size === "string" ? m.details.parameter_size : null,
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
    return { host, running: true, models };
  } catch (error) {
    const refused = error instanceof OutboundError && error.kind === "private";
    return { host, running: false, reason: downReason(error, host, timeoutMs), ...(refused ? { refused: true as const } : {}) };
  }
}

function downReason(error: unknown, host: string, timeoutMs: number) {
  if ((error as Error).name === "TimeoutError") return `Ollama at ${host} did not answer within ${timeoutMs / 1000} s.`;
  if (error instanceof OutboundError && error.kind === "private")
    return `Ollama at ${host} is on a local address: the studio connects to it only once an Admin allows a local model server.`;
  if (error instanceof OutboundError && error.permanent) return `Ollama at ${error.message}.`;
  return `No Ollama server answers at ${host}.`;
}
