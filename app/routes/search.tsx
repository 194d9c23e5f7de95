import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { SearchQuerySchema } from "~/domain/content-search";
import { searchContent } from "~/models/content-search.server";
import { requireUser } from "~/session.server";

// A resource route: the command palette and the share dialog fetch their matches here.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const parsed = SearchQuerySchema.safeParse({ q: new URL(request.url).searchParams.get("q") ?? undefined });
  if (!parsed.success) return json({ q: "", items: [], error: parsed.error.issues[0].message }, { status: 400 });
  const items = await searchContent(parsed.data.q);
  return json({ q: parsed.data.q, items, error: null }, { headers: { "Cache-Control": "private, no-store" } });
}
