/** The one shape every action answers with (decision 015, kept by 070). Pure types: safe for components. */

/** Why a use case did not happen; the reply helper maps each kind to one HTTP status. */
export type ErrorKind = "invalid" | "unauthenticated" | "forbidden" | "not-found" | "conflict" | "throttled" | "unavailable";

/** What a service or model returns when it refuses: a kind and a sentence for the member. */
export interface Refusal {
  ok: false;
  kind: ErrorKind;
  error: string;
}

export type Failure<Extra extends object = object> = {
  ok: false;
  fieldErrors: Record<string, string>;
  formError: string | null;
} & Extra;

export type Success<Payload extends object = object> = { ok: true } & Payload;

export type Reply<Payload extends object = object> = Success<Payload> | Failure;

export const refusal = (kind: ErrorKind, error: string): Refusal => ({ ok: false, kind, error });

/** A reply's message for a status line: the success message or the form error. */
export function messageOf(reply: { ok: boolean; message?: string; formError?: string | null } | undefined): string {
  if (!reply) return "";
  return (reply.ok ? reply.message : reply.formError) ?? "";
}
