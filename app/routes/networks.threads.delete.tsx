// POST /networks/threads/delete: Threads' Delete callback, a person's request that their data be
// deleted (issue 36). Answers `{ url, confirmation_code }` like Meta's data deletion callback.
import { THREADS_APP, answerDataDeletion, postOnly } from "~/services/meta-callbacks.server";
import { anyone, routeAction } from "~/web/action.server";

export const loader = postOnly;

// No session: the body is signed with the app's secret, which the handler checks before it changes anything.
export const action = routeAction({
  caller: anyone,
  readForm: false,
  resource: true,
  handler: ({ request }) => answerDataDeletion(THREADS_APP, request),
});
