// /l/<code>: a channel post's short link (decision 021).
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { followShortLink } from "~/services/short-links.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const target = await followShortLink(params.code ?? "", {
    ip: String((context as { clientIp?: string }).clientIp ?? ""),
    userAgent: request.headers.get("User-Agent") ?? "",
    referer: request.headers.get("Referer") ?? "",
  });
  if (!target) return new Response("No such link.", { status: 404, headers: { "Content-Type": "text/plain" } });
  return redirect(target, { status: 302, headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer-when-downgrade" } });
}
