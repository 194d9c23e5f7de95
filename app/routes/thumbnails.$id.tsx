import type { LoaderFunctionArgs } from "@remix-run/node";
import { thumbnailSvg } from "~/domain/thumbnail";
import { getThumbnailInfo } from "~/models/content.server";
import { requireUser } from "~/session.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const item = await getThumbnailInfo(params.id ?? "");
  if (!item) return new Response("Not found", { status: 404 });
  return new Response(thumbnailSvg(item.title, item.type), {
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": "private, max-age=300", "X-Content-Type-Options": "nosniff" },
  });
}
