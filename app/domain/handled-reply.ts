/**
 * Handled replies (decision 024). A refused form (400 with messages beside the fields, 403, 409…) is a
 * reply the page renders, not a failure, yet a browser logs every 4xx fetch as "Failed to load
 * resource". So the studio's own scripts ask for it in a header instead: their non-GET fetches say
 * ASK_HEADER, the server answers a rendered reply with 200 and the real status in STATUS_HEADER, and
 * the fetch hands Remix a response with the real status again (revalidation and types unchanged).
 * A plain form post (no scripts) and any other client keep the real status.
 */
export const ASK_HEADER = "X-Studio-Status-In-Header";
export const STATUS_HEADER = "X-Studio-Status";
/**
 * Set by every `fail` reply: the page renders this body beside its form. It reaches the wire from
 * resource routes (`asResponse`); a page route's action reply is recognised as a Remix data reply.
 */
export const RENDERED_HEADER = "X-Studio-Reply";

/** Whether the server sends this response as 200 with its status in STATUS_HEADER. */
export function carriesStatusInHeader(r: { method: string; asked: boolean; status: number; rendered: boolean }): boolean {
  return r.asked && r.rendered && r.method.toUpperCase() !== "GET" && r.status >= 400 && r.status < 500;
}

/** The status a response really has: STATUS_HEADER's when the server moved it there. */
export function realStatus(status: number, header: string | null): number {
  const moved = Number(header);
  return status === 200 && Number.isInteger(moved) && moved >= 400 && moved < 500 ? moved : status;
}
