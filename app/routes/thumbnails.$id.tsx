import type { LoaderFunctionArgs } from "@remix-run/node";
import { svgHeaders } from "~/domain/svg-headers";
import { thumbnailSvg } from "~/domain/thumbnail";
import { getThumbnailInfo } from "~/models/content.server";
import { latestVisual } from "~/models/visual.server";
import { requireUser } from "~/web/session.server";

/**
 * The item's thumbnail: its newest visual (Create Visual), else a gradient by type. The URL stays
 * the same when a visual is made, so browsers revalidate by ETag instead of keeping a stale copy.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const item = await getThumbnailInfo(params.id ?? "");
  if (!item) return new Response("Not found", { status: 404 });
  const visual = await latestVisual(item.id);
  const svg = visual?.svg ?? thumbnailSvg(item.title, item.type);
  const etag = `"${visual ? `v-${visual.id}` : `t-${hash(`${item.type}\n${item.title}`)}`}"`;
  const headers = svgHeaders("private, no-cache");
  headers.set("ETag", etag);
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  return new Response(svg, { headers });
}

/** FNV-1a: a short, stable fingerprint of what the generated thumbnail shows. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}
