import type { LoaderFunctionArgs } from "@remix-run/node";
import { routeAction } from "~/web/action.server";
import { CheckSchema } from "~/domain/assistant-forms";
import { MAX_BODY_MESSAGE, MAX_REQUEST_BYTES } from "~/domain/editor-limits";
import { markdownToHtml } from "~/domain/markdown";
import { getRevisionText } from "~/models/revision.server";
import { fail, ok } from "~/web/reply.server";
import { getSessionUser } from "~/web/session.server";

// The editor's Preview: the one renderer's sanitised HTML, made here so the Markdown pipeline stays
// off the client (the same HTML publish payloads carry).
export const action = routeAction({
  // No permission: it renders the text it is sent and reads or writes nothing.
  handler: async ({ fields }) => {
    const { text } = CheckSchema.parse(fields);
    return ok({ html: markdownToHtml(text) });
  },
  resource: true,
  maxBytes: MAX_REQUEST_BYTES,
  tooLarge: () => fail("invalid", MAX_BODY_MESSAGE),
});

/** GET /preview?revision=<id>: a revision as readers would see it, before it is restored (History). */
export async function loader({ request }: LoaderFunctionArgs) {
  // 401, not a redirect: only History's fetcher calls this (see routes/search.tsx).
  if (!(await getSessionUser(request))) return Response.json({ ok: false, formError: "Sign in to preview." }, { status: 401 });
  const revision = await getRevisionText(new URL(request.url).searchParams.get("revision") ?? "");
  if (!revision) return Response.json({ ok: false, formError: "That version no longer exists." }, { status: 404 });
  return Response.json(
    { ok: true, version: revision.version, html: markdownToHtml(revision.body) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
