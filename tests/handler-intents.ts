// The intents a route's action dispatches on, for the every-handler walks. Each walk mocks the action
// helper, routeAction (vi.mock is hoisted per file), so that building a handler table records its intents in
// `recorded`; this calls the action once, signed out, to make it build its table.
import { ORIGIN } from "./route-helpers";
import type { RouteEntry } from "./route-modules";

export interface RecordedIntents {
  last: string[] | null;
  byAction: WeakMap<object, string[]>;
}

/** The route's intents, or `otherwise` for an action that hands routeAction no table (its own, which decision 070 forbids). */
export async function intentsOf(route: RouteEntry, recorded: RecordedIntents, otherwise: () => string[]): Promise<string[]> {
  const action = route.module.action!;
  const known = recorded.byAction.get(action);
  if (known) return known;
  // `export function action(args) { return routeAction({…})(args) }` builds its table when called.
  recorded.last = null;
  const signedOut = new Request(`${ORIGIN}${route.pathFor({})}`, { method: "POST", body: new URLSearchParams() });
  let pending: unknown;
  try {
    pending = action({ request: signedOut, params: {}, context: {} as never });
  } catch {
    /* a synchronous refusal is fine: only the table matters */
  }
  const intents = recorded.last;
  await Promise.resolve(pending).catch(() => undefined);
  return intents ?? otherwise();
}
