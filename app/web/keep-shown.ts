// A page that reloads its data in the background (live polling) keeps what it shows when a reload gets
// no answer (offline, a dropped connection). Otherwise the router puts the error screen in its place,
// and with it goes the editor someone is typing in offline.
import type { ClientLoaderFunctionArgs } from "@remix-run/react";

/** A fetch that got no answer rejects with a TypeError naming the network; an answer, even a 500, does not. */
export function unanswered(error: unknown): boolean {
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

/** What a page that could not load says (the editor's typing is kept on the device meanwhile). */
export const UNANSWERED = "The studio could not be reached. Check the connection, then reload the page.";

const pageOf = (url: { pathname: string; search: string }) => `${url.pathname}${url.search}`;

/**
 * The route's clientLoader: the server's data as usual; when a reload of the page on screen gets no
 * answer, the data already shown (the router's own state for `routeId`). A new page still fails.
 */
export function keepShownWhenUnanswered(routeId: string) {
  return async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
    try {
      return await serverLoader();
    } catch (error) {
      const router = globalThis.__remixRouter as typeof globalThis.__remixRouter | undefined; // set by RemixBrowser
      const samePage = router && pageOf(router.state.location) === pageOf(new URL(request.url));
      const shown = router?.state.loaderData[routeId];
      if (samePage && shown !== undefined && unanswered(error)) return shown;
      throw error;
    }
  };
}
