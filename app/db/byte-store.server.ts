// Where an upload's bytes are kept (decision 052), under their SHA-256. One interface, a body per engine
// (decision 068): files beside SQLite's database; rows on PostgreSQL, so every replica serves them.
import { perEngine } from "~/db/engine.server";
import * as postgres from "~/db/postgres/byte-store.server";
import * as sqlite from "~/db/sqlite/byte-store.server";

export interface ByteStore {
  /** Keeps the bytes once however often they come; answers their SHA-256. */
  keepBytes(bytes: Buffer, ext: string): Promise<string>;
  /** The bytes kept under this SHA-256 (and extension), or null. */
  loadBytes(sha256: string, ext: string): Promise<Buffer | null>;
  /** Removes the bytes kept under this SHA-256 (a deleted workspace's, once no upload names them). */
  dropBytes(sha256: string, ext: string): Promise<void>;
}

export const byteStore = perEngine<ByteStore>({ sqlite: () => sqlite, postgresql: () => postgres });
