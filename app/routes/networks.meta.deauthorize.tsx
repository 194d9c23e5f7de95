// POST /networks/meta/deauthorize: Meta's Deauthorize callback, sent from Meta's servers when a person
// removes the studio's app (issue 36). Signed with the Meta app's secret, not a session, so
// server/same-origin.ts lets it through; a bad signature changes nothing (400).
import type { ActionFunctionArgs } from "@remix-run/node";
import { META_APP } from "~/services/meta-callbacks.server";
import { answerDeauthorize, postOnly } from "~/services/meta-callbacks.server";

export const loader = postOnly;

export const action = ({ request }: ActionFunctionArgs) => answerDeauthorize(META_APP, request);
