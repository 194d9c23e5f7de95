// POST /networks/threads/uninstall: Threads' Uninstall callback, sent when a person removes the studio
// from their Threads account (issue 36). Signed with the Threads app's secret, as Meta's callbacks are.
import { THREADS_APP, answerDeauthorize, postOnly } from "~/services/meta-callbacks.server";
import { anyone, routeAction } from "~/web/action.server";

export const loader = postOnly;

// No session: the body is signed with the app's secret, which the handler checks before it changes anything.
export const action = routeAction({
  caller: anyone,
  readForm: false,
  resource: true,
  handler: ({ request }) => answerDeauthorize(THREADS_APP, request),
});
