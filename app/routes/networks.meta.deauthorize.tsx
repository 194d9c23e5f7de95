// POST /networks/meta/deauthorize: Meta's Deauthorize callback, sent from Meta's servers when a person
// removes the studio's app (issue 36). Signed with the Meta app's secret, not a session, so
// server/same-origin.ts lets it through; a bad signature changes nothing (400).
import { META_APP, answerDeauthorize, postOnly } from "~/services/meta-callbacks.server";
import { anyone, routeAction } from "~/web/action.server";

export const loader = postOnly;

// No session: the body is signed with the app's secret, which the handler checks before it changes anything.
export const action = routeAction({
  caller: anyone,
  readForm: false,
  resource: true,
  handler: ({ request }) => answerDeauthorize(META_APP, request),
});
