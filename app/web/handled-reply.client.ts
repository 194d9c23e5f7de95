// Decision 024: the studio's own non-GET fetches ask for a rendered reply's status in a header, and get
// a response with the real status back, so Remix sees exactly what the server meant.
import { ASK_HEADER, STATUS_HEADER, realStatus } from "~/domain/handled-reply";

export function askForStatusInHeader(target: Window = window) {
  const nativeFetch = target.fetch.bind(target);
  target.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input), target.location.href);
    const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
    if (method === "GET" || method === "HEAD" || url.origin !== target.location.origin) return nativeFetch(input, init);
    const headers = new Headers(init?.headers ?? request?.headers);
    headers.set(ASK_HEADER, "1");
    const response = await nativeFetch(input, { ...init, headers });
    const status = realStatus(response.status, response.headers.get(STATUS_HEADER));
    if (status === response.status) return response;
    return new Response(response.body, { status, statusText: "", headers: response.headers });
  };
}
