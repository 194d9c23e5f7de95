import type { ActionInput } from "~/web/action.server";
import type { ErrorKind, Refusal } from "~/domain/reply";
import { fail, ok } from "~/web/reply.server";

/** Settings replies carry the intent (and the row they are about) so each panel shows its own. */
export const done = (intent: string, message: string, extra: { link?: string; target?: string } = {}) => ok({ intent, message, ...extra });

export const failed = (intent: string, kind: ErrorKind, formError: string, fieldErrors: Record<string, string> = {}, target?: string) =>
  fail(kind, formError, fieldErrors, { intent, target });

export const refusedAs = (intent: string, refusal: Refusal, target?: string, fieldErrors: Record<string, string> = {}) =>
  failed(intent, refusal.kind, refusal.error, fieldErrors, target);

export type SettingsHandler = (input: ActionInput) => Promise<ReturnType<typeof done> | ReturnType<typeof failed>>;
