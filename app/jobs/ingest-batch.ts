// What the main thread and the ingestion worker (app/jobs/ingest-worker.server.ts) send each other.
import type { IngestEvent } from "~/models/tracking-write.server";

/** Events per transaction at most; a bigger backlog is written in several. */
export const MAX_BATCH = 500;

export interface EventMessage {
  id: number;
  event: IngestEvent;
}

/** One answer per transaction: the ids it held, all committed or (error) none of them stored. */
export type BatchReply = { ids: number[]; rollupsChanged: boolean } | { ids: number[]; error: string };
