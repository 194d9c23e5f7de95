// POST /networks/meta/data-deletion: Meta's Data deletion request callback (issue 36). Answers what Meta
// shows the person: `{ url, confirmation_code }`, the url a page that says the deletion is done.
import type { ActionFunctionArgs } from "@remix-run/node";
import { META_APP } from "~/services/meta-callbacks.server";
import { answerDataDeletion, postOnly } from "~/services/meta-callbacks.server";

export const loader = postOnly;

export const action = ({ request }: ActionFunctionArgs) => answerDataDeletion(META_APP, request);
