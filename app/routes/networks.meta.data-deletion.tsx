// POST /networks/meta/data-deletion: Meta's Data deletion request callback (issue 36). Answers what Meta
// shows the person: `{ url, confirmation_code }`, the url a page that says the deletion is done.
import { META_APP, answerDataDeletion, postOnly } from "~/services/meta-callbacks.server";
import { anyone, routeAction } from "~/web/action.server";

export const loader = postOnly;

// No session: the body is signed with the app's secret, which the handler checks before it changes anything.
export const action = routeAction({
  caller: anyone,
  readForm: false,
  resource: true,
  handler: ({ request }) => answerDataDeletion(META_APP, request),
});
