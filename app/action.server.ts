import type { ActionFunctionArgs } from "@remix-run/node";
import { fail, isFailReply } from "~/reply.server";
import { requireUser, type SessionUser } from "~/session.server";

/** What every intent handler receives: the member, the form (and its fields as strings), the request. */
export interface ActionInput {
  user: SessionUser;
  form: FormData;
  fields: Record<string, string>;
  request: Request;
  params: ActionFunctionArgs["params"];
}

export type IntentHandler = (input: ActionInput) => Promise<unknown>;

/** Runs a handler; a reply it throws (requirePermission, requireCanEdit) is returned, anything else rethrown. */
export async function guarded<T>(run: () => Promise<T>) {
  try {
    return await run();
  } catch (thrown) {
    if (isFailReply(thrown)) return thrown;
    throw thrown;
  }
}

/** The whole action of a route: sign-in, read the form, pick the handler by `intent`. */
export function intentAction<H extends Record<string, IntentHandler>>(handlers: H, unknownIntent = (intent: string) => `Unknown action: ${intent || "none"}.`) {
  return async ({ request, params }: ActionFunctionArgs) => {
    const user = await requireUser(request);
    const form = await request.formData();
    const fields = Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === "string" ? v : v.name]));
    const intent = fields.intent ?? "";
    if (!Object.hasOwn(handlers, intent)) return fail("invalid", unknownIntent(intent));
    const handler = handlers[intent] as H[keyof H];
    return guarded(() => handler({ user, form, fields, request, params }) as Promise<Awaited<ReturnType<H[keyof H]>>>);
  };
}
