import { data, type TypedResponse } from "@remix-run/node";
import type { z } from "zod";
import { fieldErrors as fieldErrorsOf } from "~/domain/field-errors";
import type { ErrorKind, Refusal } from "~/domain/reply";

/** The one place an error kind becomes an HTTP status. */
export const STATUS_OF: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  throttled: 429,
  unavailable: 502,
};

/** `{ ok: true, ...payload }` with status 200. */
export function ok<const Payload extends object = object>(payload?: Payload) {
  return data({ ok: true as const, ...(payload ?? ({} as Payload)) });
}

/** `{ ok: false, fieldErrors, formError, ...extra }` with the kind's status. */
export function fail<const Extra extends object = object>(
  kind: ErrorKind,
  formError: string | null,
  fieldErrors: Record<string, string> = {},
  extra?: Extra,
  headers?: HeadersInit,
) {
  return data({ ...(extra ?? ({} as Extra)), ok: false as const, fieldErrors, formError }, { status: STATUS_OF[kind], headers });
}

/** A 400 for a schema that did not parse: each field's first message, and a form-level sentence. */
export function invalid<const Extra extends object = object>(error: z.ZodError, formError?: string, extra?: Extra) {
  const fields = fieldErrorsOf(error);
  return fail("invalid", formError ?? error.issues[0]?.message ?? "Check the form.", fields, extra);
}

/** A refusal from a service or model, as a reply. */
export function refused<const Extra extends object = object>(refusal: Refusal, fieldErrors: Record<string, string> = {}, extra?: Extra) {
  return fail(refusal.kind, refusal.error, fieldErrors, extra);
}

/** A screen with several forms (Settings, Website): the reply names its intent, and the row it is about, so each form shows its own. */
export function done<Extra extends object = object>(intent: string, message: string, extra?: Extra) {
  return ok({ intent, message, ...(extra ?? ({} as Extra)) });
}

/** `fail` for such a screen. */
export function failed(intent: string, kind: ErrorKind, formError: string, fieldErrors: Record<string, string> = {}, target?: string) {
  return fail(kind, formError, fieldErrors, { intent, target });
}

/** A refusal from a service or model, for such a screen. */
export function refusedAs(intent: string, refusal: Refusal, target?: string, fieldErrors: Record<string, string> = {}) {
  return failed(intent, refusal.kind, refusal.error, fieldErrors, target);
}

export type FailReply = ReturnType<typeof fail>;

/** Thrown by authorize (and requireEditableItem); the action's dispatcher returns it, a loader's ErrorBoundary shows it. */
export function isFailReply(value: unknown): value is FailReply {
  const v = value as { type?: string; data?: { ok?: unknown } } | null;
  return !!v && v.type === "DataWithResponseInit" && v.data?.ok === false;
}

type DataReply<T> = ReturnType<typeof data<T>>;

/** Resource routes (no page: autosave, the assistant, quick actions) answer with a real JSON Response, keeping the status. */
export type AsResponse<R> = R extends DataReply<infer T> ? TypedResponse<T> : R;

export function asResponse<R>(reply: R): AsResponse<R> {
  const v = reply as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (v && v.type === "DataWithResponseInit") return Response.json(v.data, v.init ?? undefined) as AsResponse<R>;
  return reply as AsResponse<R>;
}
