import type { LoaderFunctionArgs } from "@remix-run/node";
import { SearchQuerySchema, type SearchAnswer } from "~/domain/content-search";
import { searchContent } from "~/models/content-quick-search.server";
import { getSessionUser } from "~/web/session.server";

// A resource route: the command palette and the share dialog fetch their matches here.
export async function loader({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams.get("q") ?? undefined;
  // 401, not a redirect to sign-in: Remix revalidates fetchers after a sign-out, and a redirect
  // here would race the sign-out's own redirect and could win (landing on /login?redirectTo=/search…).
  if (!(await getSessionUser(request)))
    return Response.json({ q: q?.trim() ?? "", items: [], error: "Sign in to search." } satisfies SearchAnswer, { status: 401 });
  const parsed = SearchQuerySchema.safeParse({ q });
  // The refused term comes back too, so the caller knows which request this answers.
  if (!parsed.success)
    return Response.json({ q: q?.trim() ?? "", items: [], error: parsed.error.issues[0].message } satisfies SearchAnswer, { status: 400 });
  const items = await searchContent(parsed.data.q);
  return Response.json({ q: parsed.data.q, items, error: null } satisfies SearchAnswer, {
    headers: { "Cache-Control": "private, no-store" },
  });
}
