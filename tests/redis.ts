// Redis for the suites about replicas (decision 053). TEST_REDIS_URL names it (default: the build
// machines' 127.0.0.1:6379). Without one those suites are skipped and say why; with REQUIRE_REDIS=1
// (.ci/run) they fail instead.
import IORedis from "ioredis";

export const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Null when Redis answers, else why not (the suite's skip message). */
export async function redisUnavailable(): Promise<string | null> {
  const client = new IORedis(REDIS_URL, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  // The socket's own error (ECONNREFUSED…) says more than connect()'s "Connection is closed", and a
  // listener keeps ioredis from also logging it as unhandled.
  let socketError: Error | null = null;
  client.on("error", (error: Error) => (socketError ??= error));
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (error) {
    const reason = `Redis is not reachable at ${new URL(REDIS_URL).host} (${(socketError ?? (error as Error)).message}); set TEST_REDIS_URL or start it`;
    if (process.env.REQUIRE_REDIS === "1") throw new Error(`REQUIRE_REDIS=1: ${reason}`);
    console.warn(`skipped: ${reason}`);
    return reason;
  } finally {
    client.disconnect();
  }
}
