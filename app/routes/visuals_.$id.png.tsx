import type { LoaderFunctionArgs } from "@remix-run/node";
import { visualPng } from "~/services/visual-png.server";
import { requireUser } from "~/web/session.server";

/** A visual as PNG: ?size=square is Instagram's 1080×1080, otherwise the 1200×630 link card; ?download=1 saves it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const url = new URL(request.url);
  const size = url.searchParams.get("size") === "square" ? "square" : "link";
  const visual = await visualPng(params.id ?? "", size);
  if (!visual)
    return new Response("That visual does not exist.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const headers = new Headers({
    "Content-Type": "image/png",
    "Cache-Control": "private, max-age=300",
    "X-Content-Type-Options": "nosniff",
  });
  if (url.searchParams.has("download"))
    headers.set("Content-Disposition", `attachment; filename="visual-${size === "square" ? "1080x1080" : "1200x630"}.png"`);
  return new Response(new Uint8Array(visual.png), { headers });
}
