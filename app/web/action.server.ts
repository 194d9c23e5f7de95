import type { ActionFunctionArgs } from "@remix-run/node";
import { badKey, fingerprintOf, keyOf, once, reusedKey } from "~/web/create-once.server";
import { connectionLoss } from "~/db/postgres-reconnect.server";
import { asResponse, fail, isFailReply, type AsResponse, type FailReply } from "~/web/reply.server";
import { requireUser, type SessionUser } from "~/web/session.server";

/**
 * What every handler receives: who sent it (`user`: the signed-in member, or what the action's `caller`
 * identified), the form (and its fields as strings), the request.
 */
export interface ActionInput<Caller = SessionUser> {
  user: Caller;
  form: FormData;
  fields: Record<string, string>;
  request: Request;
  params: ActionFunctionArgs["params"];
  context: ActionFunctionArgs["context"];
}

export type Handler<Caller = SessionUser> = (input: ActionInput<Caller>) => Promise<unknown>;

/** Marks a handler made by createOnce, so the every-create test can find each create. */
export const CREATES_ONCE = Symbol("creates once");

/**
 * A handler that creates a row (decision 064): sent with an `idempotencyKey` field (or header), the
 * same request again stores nothing and answers as the first did, from the row the first made
 * (`answer`, which the handler's own success should return too). Keys are the member's own. Without a
 * key it runs as it always did.
 */
export function createOnce<R, A>(
  handler: (input: ActionInput) => Promise<R>,
  answer: (rowId: string, input: ActionInput) => Promise<A> | A,
) {
  const created = async (input: ActionInput) => {
    const key = keyOf(input.request, input.fields);
    if (key === null) return handler(input);
    const intent = input.fields.intent;
    if (key === "invalid") return badKey(intent);
    const path = new URL(input.request.url).pathname;
    const claim = {
      scope: input.user.id,
      key,
      action: `${path} ${intent ?? ""}`.trim(),
      fingerprint: await fingerprintOf(path, input.form),
    };
    return once(
      claim,
      () => guarded(() => handler(input)),
      (rowId) => answer(rowId, input),
      () => reusedKey(intent),
    );
  };
  return Object.assign(created, { [CREATES_ONCE]: true as const });
}

/**
 * A create whose caller is no member (an API token, a review link): it claims its key itself with
 * `once`, in its own scope, and is marked as createOnce's handlers are so the every-create walk finds it.
 */
export function claimsOnce<F extends (...args: never[]) => unknown>(handler: F) {
  return Object.assign(handler, { [CREATES_ONCE]: true as const });
}

/** The answer when the database connection dropped and stayed down through the data layer's retries. */
export const CONNECTION_LOST_MESSAGE =
  "The connection to the database dropped before the studio could confirm this was saved. It may or may not have been: reload to check before sending it again.";

/**
 * Runs a handler; a reply it throws (authorize, requireEditableItem) is returned, a lost database
 * connection becomes a 502 that says the write may have been stored, anything else is rethrown.
 */
export async function guarded<T>(run: () => Promise<T>) {
  try {
    return await run();
  } catch (thrown) {
    if (isFailReply(thrown)) return thrown;
    if (connectionLoss(thrown)) return fail("unavailable", CONNECTION_LOST_MESSAGE);
    throw thrown;
  }
}

/** PostgreSQL stores no NUL character (SQLite does): a form or address holding one is refused on both engines alike. */
export const NUL_MESSAGE = "The request holds a character that cannot be stored (U+0000).";

/** Whether any value holds a NUL character (routes that read their own form check it too). */
export function holdsNul(values: Iterable<unknown>): boolean {
  for (const value of values) if (typeof value === "string" && value.includes("\u0000")) return true;
  return false;
}

/** Finds who sent the request before the form is read: the caller, or the reply (or Response) that refuses it. */
export type Identify = (args: ActionFunctionArgs) => Promise<unknown>;
type Refusal = FailReply | Response;
type CallerOf<I extends Identify> = Exclude<Awaited<ReturnType<I>>, Refusal>;
type RefusalOf<I extends Identify> = Extract<Awaited<ReturnType<I>>, Refusal>;

/** The usual caller: a signed-in member; anyone else is sent to sign in (requireUser throws the redirect). */
export const member = (args: ActionFunctionArgs): Promise<SessionUser> => requireUser(args.request);

/** No credential up front: signing in and out, or a caller its handler checks itself (Meta's signature). */
export const anyone = async (): Promise<null> => null;

interface Options<I extends Identify> {
  /** Who may send it; `member` unless said (a bearer token, a review link's token, `anyone`). */
  caller?: I;
  /** False: the handler reads the body itself (JSON, a signed callback) or not at all. */
  readForm?: false;
  /** The 400 message for an intent no handler answers. */
  unknownIntent?: (intent: string) => string;
  /** Refuse a body over this many bytes before reading it. */
  maxBytes?: number;
  tooLarge?: (bytes: number) => FailReply;
}

type Table<I extends Identify> = Record<string, Handler<CallerOf<I>>>;
type Act<R> = (args: ActionFunctionArgs) => Promise<R>;
type Page<I extends Identify, R> = Awaited<R> | FailReply | RefusalOf<I>;

/**
 * The one way a route declares its action (decision 070): identify the caller, refuse an oversized body
 * or a NUL, read the form once, pick the handler (`intents` by the form's `intent`, or the one `handler`),
 * and answer what it returns or throws (`guarded`). `resource: true` answers with a Response, because a
 * route without a page is posted to directly. A page route calls it inside `export function action`:
 * a top-level call would stay in the browser bundle, where this module is empty.
 */
export function routeAction<H extends Table<I>, I extends Identify = typeof member>(
  spec: Options<I> & { intents: H; resource: true },
): Act<AsResponse<Page<I, ReturnType<H[keyof H]>>>>;
export function routeAction<H extends Table<I>, I extends Identify = typeof member>(
  spec: Options<I> & { intents: H; resource?: false },
): Act<Page<I, ReturnType<H[keyof H]>>>;
export function routeAction<R, I extends Identify = typeof member>(
  spec: Options<I> & { handler: (input: ActionInput<CallerOf<I>>) => Promise<R>; resource: true },
): Act<AsResponse<Page<I, R>>>;
export function routeAction<R, I extends Identify = typeof member>(
  spec: Options<I> & { handler: (input: ActionInput<CallerOf<I>>) => Promise<R>; resource?: false },
): Act<Page<I, R>>;
export function routeAction(spec: Options<Identify> & { intents?: Table<Identify>; handler?: Handler<unknown>; resource?: boolean }) {
  const identify = spec.caller ?? member;
  const unknown = spec.unknownIntent ?? ((intent: string) => `Unknown action: ${intent || "none"}.`);
  const act = async (args: ActionFunctionArgs) => {
    const caller = await identify(args);
    if (isFailReply(caller) || caller instanceof Response) return caller;
    const tooBig = oversize(args.request, spec);
    if (tooBig) return tooBig;
    const input = await readInput(args, caller, spec.readForm !== false);
    if (isFailReply(input)) return input;
    const intent = input.fields.intent ?? "";
    const handler = spec.handler ?? (spec.intents && Object.hasOwn(spec.intents, intent) ? spec.intents[intent] : null);
    if (!handler) return fail("invalid", unknown(intent));
    return guarded(() => handler(input));
  };
  return spec.resource ? async (args: ActionFunctionArgs) => asResponse(await act(args)) : act;
}

async function inputOf({ request, params, context }: ActionFunctionArgs, user: unknown, readForm: boolean): Promise<ActionInput<unknown>> {
  const form = readForm ? await request.formData() : new FormData();
  const fields = Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === "string" ? v : v.name]));
  return { user, form, fields, request, params, context };
}

/** The form and the caller, or the 400 a form (or address) holding a NUL gets. */
async function readInput(args: ActionFunctionArgs, user: unknown, readForm: boolean) {
  const input = await inputOf(args, user, readForm);
  return holdsNul([...Object.values(input.fields), ...Object.values(input.params)]) ? fail("invalid", NUL_MESSAGE) : input;
}

function oversize(request: Request, options: Options<Identify>) {
  const bytes = Number(request.headers.get("Content-Length") ?? 0);
  return options.maxBytes && bytes > options.maxBytes ? (options.tooLarge?.(bytes) ?? fail("invalid", "The request is too large.")) : null;
}
