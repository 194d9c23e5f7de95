import type { ActionFunctionArgs } from "@remix-run/node";
import { badKey, fingerprintOf, keyOf, once, reusedKey } from "~/web/create-once.server";
import { connectionLoss } from "~/db/postgres-reconnect.server";
import { asResponse, fail, isFailReply, type FailReply } from "~/web/reply.server";
import { requireUser, type SessionUser } from "~/web/session.server";

/** What every handler receives: the member, the form (and its fields as strings), the request. */
export interface ActionInput {
  user: SessionUser;
  form: FormData;
  fields: Record<string, string>;
  request: Request;
  params: ActionFunctionArgs["params"];
}

export type Handler = (input: ActionInput) => Promise<unknown>;

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

interface Options {
  /** The 400 message for an intent no handler answers. */
  unknownIntent?: (intent: string) => string;
  /** Refuse a body over this many bytes before reading it. */
  maxBytes?: number;
  tooLarge?: (bytes: number) => FailReply;
}

/** Resource routes (no page) are also posted to directly (fetch, forms without JavaScript): they answer with a Response. */
type ResourceOptions = Options & { resource: true };

/** The answer when the database connection dropped and stayed down through the data layer's retries. */
export const CONNECTION_LOST_MESSAGE =
  "The connection to the database dropped before the studio could confirm this was saved. It may or may not have been: reload to check before sending it again.";

/**
 * Runs a handler; a reply it throws (requirePermission, requireCanEdit) is returned, a lost database
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

async function inputOf({ request, params }: ActionFunctionArgs, user: SessionUser): Promise<ActionInput> {
  const form = await request.formData();
  const fields = Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === "string" ? v : v.name]));
  return { user, form, fields, request, params };
}

/** PostgreSQL stores no NUL character (SQLite does): a form or address holding one is refused on both engines alike. */
export const NUL_MESSAGE = "The request holds a character that cannot be stored (U+0000).";

/** Whether any value holds a NUL character (routes that read their own form check it too). */
export function holdsNul(values: Iterable<unknown>): boolean {
  for (const value of values) if (typeof value === "string" && value.includes("\u0000")) return true;
  return false;
}

/** The form and the member, or the 400 a form holding a NUL gets. */
async function readInput(args: ActionFunctionArgs, user: SessionUser) {
  const input = await inputOf(args, user);
  return holdsNul([...Object.values(input.fields), ...Object.values(input.params)]) ? fail("invalid", NUL_MESSAGE) : input;
}

function oversize(request: Request, options: Options) {
  const bytes = Number(request.headers.get("Content-Length") ?? 0);
  return options.maxBytes && bytes > options.maxBytes ? (options.tooLarge?.(bytes) ?? fail("invalid", "The request is too large.")) : null;
}

/** The whole action of a route with several intents: sign-in, read the form, pick the handler by `intent`. */
export function intentAction<H extends Record<string, Handler>>(handlers: H, options: Options = {}) {
  const unknown = options.unknownIntent ?? ((intent: string) => `Unknown action: ${intent || "none"}.`);
  return async (args: ActionFunctionArgs) => {
    const user = await requireUser(args.request);
    const tooBig = oversize(args.request, options);
    if (tooBig) return tooBig;
    const input = await readInput(args, user);
    if (isFailReply(input)) return input;
    const intent = input.fields.intent ?? "";
    if (!Object.hasOwn(handlers, intent)) return fail("invalid", unknown(intent));
    const handler = handlers[intent] as H[keyof H];
    return guarded(() => handler(input) as Promise<Awaited<ReturnType<H[keyof H]>>>);
  };
}

/** The action of a route that does one thing: the same sign-in, form reading and thrown-reply handling. */
export function formAction<R>(handler: (input: ActionInput) => Promise<R>, options: Options = {}) {
  return async (args: ActionFunctionArgs) => {
    const user = await requireUser(args.request);
    const tooBig = oversize(args.request, options);
    if (tooBig) return tooBig;
    const input = await readInput(args, user);
    if (isFailReply(input)) return input;
    return guarded(() => handler(input));
  };
}

/** intentAction for a resource route. */
export function resourceIntentAction<H extends Record<string, Handler>>(handlers: H, options: ResourceOptions) {
  const act = intentAction(handlers, options);
  return async (args: ActionFunctionArgs) => asResponse(await act(args));
}

/** formAction for a resource route. */
export function resourceFormAction<R>(handler: (input: ActionInput) => Promise<R>, options: ResourceOptions) {
  const act = formAction(handler, options);
  return async (args: ActionFunctionArgs) => asResponse(await act(args));
}
