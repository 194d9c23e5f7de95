// POST /networks/threads/uninstall: Threads' Uninstall callback, sent when a person removes the studio
// from their Threads account (issue 36). Signed with the Threads app's secret, as Meta's callbacks are.
import type { ActionFunctionArgs } from "@remix-run/node";
import { THREADS_APP } from "~/services/meta-callbacks.server";
import { answerDeauthorize, postOnly } from "~/services/meta-callbacks.server";

export const loader = postOnly;

export const action = ({ request }: ActionFunctionArgs) => answerDeauthorize(THREADS_APP, request);
