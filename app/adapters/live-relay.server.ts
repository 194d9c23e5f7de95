// Live documents across replicas (issue 38, decision 053): with REDIS_URL set, each process's
// Hocuspocus relays its documents' updates and awareness through Redis pub/sub and takes a Redis lock
// before storing one, so members on different replicas edit the same document. Without it, nothing
// is loaded: a single studio never needs Redis. (Imported as ES modules, so the relay shares the
// app's one copy of Yjs and Hocuspocus.)
import type { Extension } from "@hocuspocus/server";

export async function liveDocumentRelay(url = process.env.REDIS_URL, prefix = "studio"): Promise<Extension[]> {
  if (!url) return [];
  const [{ Redis }, { default: Client }] = await Promise.all([import("@hocuspocus/extension-redis"), import("ioredis")]);
  // No ready check: ioredis sent its INFO on the subscriber connection, where Redis refuses it.
  const client = () => new Client(url, { maxRetriesPerRequest: null, enableReadyCheck: false });
  return [new Redis({ createClient: client, prefix })];
}
