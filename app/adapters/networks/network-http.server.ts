// One way to call a network's API: a bearer token, a timeout, and any refusal turned into a
// NetworkError of one of the shared kinds (domain/channels/network-errors).
import { classifyNetworkReply, unreachable, type NetworkFailure } from "~/domain/channels/network-errors";

export const NETWORK_TIMEOUT_MS = 10_000;

export class NetworkError extends Error {
  constructor(readonly failure: NetworkFailure) {
    super(failure.message);
  }
}

/** The network's own words from an error body: X's detail/title, LinkedIn's message, OAuth's error_description. */
function messageOf(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const b = body as Record<string, unknown>;
  const first = Array.isArray(b.errors) ? (b.errors[0] as Record<string, unknown> | undefined) : undefined;
  const said = b.detail ?? b.message ?? b.error_description ?? first?.message ?? b.title ?? b.error;
  return typeof said === "string" ? said.slice(0, 300) : null;
}

const numberHeader = (response: Response, name: string) => {
  const value = Number(response.headers.get(name));
  return response.headers.has(name) && Number.isFinite(value) ? value : null;
};

export async function networkFetch(
  network: string,
  url: string,
  init: RequestInit & { token: string },
  fetchImpl: typeof fetch = fetch,
  now = new Date(),
): Promise<Response> {
  const { token, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetchImpl(url, {
      ...rest,
      headers: { Authorization: `Bearer ${token}`, ...headers },
      signal: AbortSignal.timeout(NETWORK_TIMEOUT_MS),
    });
  } catch (error) {
    const code = (error as { cause?: { code?: string } })?.cause?.code;
    throw new NetworkError(unreachable(network, code ?? (error instanceof Error ? error.name : "no answer")));
  }
  if (response.ok) return response;
  const body = await response.json().catch(() => null);
  throw new NetworkError(
    classifyNetworkReply(
      network,
      {
        status: response.status,
        message: messageOf(body),
        retryAfterSeconds: numberHeader(response, "retry-after"),
        resetEpochSeconds: numberHeader(response, "x-rate-limit-reset"),
      },
      now,
    ),
  );
}
