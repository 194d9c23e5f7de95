// POST /networks/threads/delete: Threads' Delete callback, a person's request that their data be
// deleted (issue 36). Answers `{ url, confirmation_code }` like Meta's data deletion callback.
import type { ActionFunctionArgs } from "@remix-run/node";
import { THREADS_APP } from "~/services/meta-callbacks.server";
import { answerDataDeletion, postOnly } from "~/services/meta-callbacks.server";

export const loader = postOnly;

export const action = ({ request }: ActionFunctionArgs) => answerDataDeletion(THREADS_APP, request);
