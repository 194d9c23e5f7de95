import { prisma } from "~/db/db.server";

export async function loader() {
  try {
    await prisma.$queryRaw`SELECT 1`;
    return new Response("OK", { headers: { "Cache-Control": "no-store" } });
  } catch {
    return new Response("Database unavailable", { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
