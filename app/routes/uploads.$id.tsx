import type { LoaderFunctionArgs } from "@remix-run/node";
import { readImage } from "~/services/uploads.server";

// GET /uploads/<id>: the image with its true type, never sniffed or run as a page. Public by its
// unguessable id, so publish payloads and the team's site can show it.
export async function loader({ params }: LoaderFunctionArgs) {
  const image = await readImage(params.id ?? "");
  if (!image) return new Response("That image does not exist.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(image.bytes), {
    headers: {
      "Content-Type": image.mime,
      "Content-Length": String(image.bytes.length),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
