// When the server gives no answer (offline, a dropped connection) the router would put the error
// screen in the page's place, and with it the editor or the form someone is typing in. A page that
// reloads in the background keeps what it shows; a form sent offline says it was not saved.
import type { ClientActionFunctionArgs, ClientLoaderFunctionArgs } from "@remix-run/react";

/** A fetch that got no answer rejects with a TypeError naming the network; an answer, even a 500, does not. */
export function unanswered(error: unknown): boolean {
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

/** What a page that could not load says (the editor's typing is kept on the device meanwhile). */
export const UNANSWERED = "The studio could not be reached. Check the connection, then reload the page.";
/** What a form sent without an answer says; what was typed stays in the form. */
export const UNANSWERED_FORM = "Not saved: the studio could not be reached. Check the connection and send it again.";

const pageOf = (url: { pathname: string; search: string }) => `${url.pathname}${url.search}`;

/**
 * The route's clientLoader: the server's data as usual; when a reload of the page on screen gets no
 * answer, the data already shown (the router's own state for `routeId`). A new page still fails,
 * unless the data is the same on every page (`everyPage`: the shell's), so its own screen can say why.
 */
export function keepShownWhenUnanswered(routeId: string, { everyPage = false } = {}) {
  return async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
    try {
      return await serverLoader();
    } catch (error) {
      const router = globalThis.__remixRouter as typeof globalThis.__remixRouter | undefined; // set by RemixBrowser
      const forThisPage = router && (everyPage || pageOf(router.state.location) === pageOf(new URL(request.url)));
      const shown = router?.state.loaderData[routeId];
      if (forThisPage && shown !== undefined && unanswered(error)) return shown;
      throw error;
    }
  };
}

/**
 * The route's clientAction: the server's reply as usual; a form sent without an answer gets the usual
 * refusal shape back ({ ok: false, intent, formError }) instead of the error screen, so the form keeps
 * what was typed into it and says why nothing was saved.
 */
export function replyWhenUnanswered() {
  return async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
    const sent = request.clone();
    try {
      return await serverAction();
    } catch (error) {
      if (!unanswered(error)) throw error;
      return { ok: false as const, intent: await intentOf(sent), fieldErrors: {}, formError: UNANSWERED_FORM };
    }
  };
}

/** The form's intent field, when it sent form fields ("" otherwise). */
async function intentOf(request: Request): Promise<string> {
  try {
    return String((await request.formData()).get("intent") ?? "");
  } catch {
    return "";
  }
}
