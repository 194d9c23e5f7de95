// A PostgreSQL connection can be cut under the studio (a failover, an operator's pg_terminate_backend,
// a proxy's idle timeout). Then a statement the server never ran, or a read, is sent again on a new
// connection, and a transaction that lost its connection before its commit runs again from the start
// (its callback only touches the database). A write whose fate is unknown (the connection dropped while
// it was in flight, or during COMMIT) is never repeated: its error stands (a 503 that says so).
import type { Adapter, Query, Queryable } from "~/db/driver-adapter.server";

/** How many times a statement or a transaction is sent again after a lost connection. */
export const RECONNECT_TRIES = 3;

// The server ended the session (admin or crash shutdown, starting up): a statement in flight was aborted.
const SERVER_ENDED = new Set(["57P01", "57P02", "57P03"]);
// Failed before anything was sent: a broken client taken from the pool, or no connection at all.
const NEVER_SENT = /not queryable|ECONNREFUSED|connection timeout|timeout exceeded when trying to connect/i;
// The connection went away while a statement was in flight: it may or may not have run.
const IN_FLIGHT = /Connection terminated|ECONNRESET|EPIPE|socket hang up/i;

export type ConnectionLoss = "never-ran" | "unknown";

/** Whether `error` (a pg error, a driver adapter error or a Prisma error around one) is a lost connection, and of which kind. */
export function connectionLoss(error: unknown, depth = 0): ConnectionLoss | null {
  if (!error || typeof error !== "object" || depth > 4) return null;
  const e = error as { code?: unknown; originalCode?: unknown; kind?: unknown; message?: unknown; cause?: unknown; meta?: unknown };
  for (const code of [e.code, e.originalCode]) if (typeof code === "string" && SERVER_ENDED.has(code)) return "never-ran";
  const message = typeof e.message === "string" ? e.message : "";
  if (NEVER_SENT.test(message) || e.kind === "DatabaseNotReachable") return "never-ran";
  const nested = [e.cause, (e.meta as { driverAdapterError?: unknown } | undefined)?.driverAdapterError];
  for (const inner of nested) {
    const found = connectionLoss(inner, depth + 1);
    if (found) return found;
  }
  if (IN_FLIGHT.test(message) || e.kind === "ConnectionClosed" || e.code === "ECONNRESET") return "unknown";
  return null;
}

const WRITES = /\b(INSERT|UPDATE|DELETE|MERGE|TRUNCATE|CREATE|ALTER|DROP|COPY|CALL|NEXTVAL|SETVAL|pg_advisory)\b/i;

/** A statement that only reads (sent again even when its connection dropped mid-flight). */
export const onlyReads = (sql: string) => /^\s*(SELECT|WITH|SHOW)\b/i.test(sql) && !WRITES.test(sql);

/** Runs `send` again while it fails on a lost connection that `mayRepeat` allows. */
export async function sendAgainOnLoss<T>(send: () => Promise<T>, mayRepeat: (loss: ConnectionLoss) => boolean): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      const loss = connectionLoss(error);
      if (!loss || !mayRepeat(loss) || attempt >= RECONNECT_TRIES) throw error;
    }
  }
}

/** The pg adapter's transaction: its pooled client, given back by commit() and rollback(). */
interface PooledTransaction extends Queryable {
  client: { release(error?: Error): void };
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/**
 * A transaction whose connection was lost gives its client back to the pool at once, as broken (the
 * pool then drops it). Left to Prisma, the failed ROLLBACK skips the release and the slot leaks: every
 * cut transaction would shrink the pool by one until transactions wait for one that never comes.
 */
function releasingOnLoss(tx: PooledTransaction): PooledTransaction {
  let released = false;
  const once = (error?: Error) => {
    if (released) return;
    released = true;
    tx.client.release(error);
  };
  const { queryRaw, executeRaw, commit, rollback } = tx;
  const watched =
    (send: (query: Query) => Promise<unknown>) =>
    async (query: Query): Promise<unknown> => {
      try {
        return await send.call(tx, query);
      } catch (error) {
        if (connectionLoss(error)) once(error as Error);
        throw error;
      }
    };
  tx.queryRaw = watched(queryRaw);
  tx.executeRaw = watched(executeRaw);
  tx.commit = () => (released ? Promise.resolve() : commit.call(tx).then(() => void (released = true)));
  tx.rollback = () => (released ? Promise.resolve() : rollback.call(tx).then(() => void (released = true)));
  return tx;
}

/** The pg adapter's pool-level calls, sent again after a lost connection where that is safe. */
export function reconnecting<A extends Adapter>(adapter: A): A {
  const { queryRaw, executeRaw, startTransaction } = adapter;
  const repeatable = (sql: string) => (loss: ConnectionLoss) => loss === "never-ran" || onlyReads(sql);
  adapter.queryRaw = (query) => sendAgainOnLoss(() => queryRaw.call(adapter, query), repeatable(query.sql));
  adapter.executeRaw = (query) => sendAgainOnLoss(() => executeRaw.call(adapter, query), repeatable(query.sql));
  // BEGIN on a connection that turns out dead: nothing ran yet, take another.
  adapter.startTransaction = (...args) =>
    sendAgainOnLoss(
      async () => releasingOnLoss((await startTransaction.apply(adapter, args)) as PooledTransaction),
      () => true,
    );
  return adapter;
}

type TransactionRunner = (run: (tx: never) => Promise<unknown>, options?: unknown) => Promise<unknown>;

/**
 * A client whose interactive transactions run again from the start when their connection was lost
 * before their callback finished (so before COMMIT was sent: nothing of it was stored).
 */
export function retryingTransactions<C extends { $transaction: unknown }>(client: C): C {
  const transaction = (client.$transaction as TransactionRunner).bind(client);
  const $transaction = (arg: unknown, options?: unknown) => {
    if (typeof arg !== "function") return transaction(arg as never, options);
    const run = arg as (tx: never) => Promise<unknown>;
    let finished = false;
    return sendAgainOnLoss(
      () => {
        finished = false;
        return transaction(async (tx) => {
          const result = await run(tx);
          finished = true;
          return result;
        }, options);
      },
      (loss) => !finished || loss === "never-ran",
    );
  };
  Object.assign(client, { $transaction });
  return client;
}
