// GET /readyz: readiness, for the proxy and the scale profile's health checks (docs/developer-guide.md).
// JSON naming each dependency (database, redis, migrations) and its state; 200 when all are ready,
// 503 naming those that are not. /healthcheck stays liveness. Nothing here writes.
import { redisReadiness } from "~/adapters/redis.server";
import { databaseReadiness } from "~/db/readiness.server";
import { readinessAnswer } from "~/domain/readiness";

export async function loader() {
  const [{ database, migrations }, redis] = await Promise.all([databaseReadiness(), redisReadiness()]);
  const { status, body } = readinessAnswer({ database, redis, migrations });
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}
