import type { LoaderFunctionArgs } from "@remix-run/node";
import { getVisual } from "~/models/visual.server";
import { requireUser } from "~/web/session.server";
import { svgHeaders } from "~/domain/svg-headers";

/** One stored visual. It never changes once made, so browsers may keep it; ?download=1 saves it as a file. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const visual = await getVisual(params.id ?? "");
  if (!visual)
    return new Response("That visual does not exist.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const headers = svgHeaders("private, max-age=31536000, immutable");
  if (new URL(request.url).searchParams.has("download")) {
    headers.set("Content-Disposition", `attachment; filename="${fileName(visual.content.title)}"`);
  }
  return new Response(visual.svg, { headers });
}

/** "The Future of AI!" → "the-future-of-ai-visual.svg": ASCII only, safe in a header. */
function fileName(title: string): string {
  const slug = title
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${slug || "content"}-visual.svg`;
}
