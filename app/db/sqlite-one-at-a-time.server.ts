// The better-sqlite3 adapter runs every statement on one connection, and locks only transactions
// against each other: a statement from another request, sent while an interactive transaction is
// open, ran inside it, saw its uncommitted rows, and was undone with it if it rolled back (an
// acknowledged write lost). Here every statement outside a transaction waits until none is open.
import { Mutex } from "async-mutex";
import type { Adapter, Transaction } from "~/db/driver-adapter.server";

/** The adapter, with statements and transactions taking turns on its one connection. */
export function oneAtATime<A extends Adapter>(adapter: A): A {
  const turn = new Mutex();
  const { queryRaw, executeRaw, startTransaction } = adapter;
  adapter.queryRaw = (query) => turn.runExclusive(() => queryRaw.call(adapter, query));
  adapter.executeRaw = (query) => turn.runExclusive(() => executeRaw.call(adapter, query));
  adapter.startTransaction = async (...args) => {
    const release = await turn.acquire();
    try {
      const tx = (await startTransaction.apply(adapter, args)) as Transaction;
      const { commit, rollback } = tx;
      tx.commit = () => commit.call(tx).finally(release);
      tx.rollback = () => rollback.call(tx).finally(release);
      return tx;
    } catch (error) {
      release();
      throw error;
    }
  };
  return adapter;
}
