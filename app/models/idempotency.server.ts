// Creates a retry must not repeat (decision 064). A request's key is taken in the transaction that
// makes its row, so a row and its key commit together or not at all; the same key again finds the row.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Prisma } from "@prisma/client";
import { prisma } from "~/db/db.server";

/** Whose key (a member's id, an API token's, a review link's), the key, what was asked and a digest of how. */
export interface Claim {
  scope: string;
  key: string;
  action: string;
  fingerprint: string;
}

interface Pending {
  claim: Claim;
  /** Whether a transaction of this request holds the key (only the first create of a request takes it). */
  taken: boolean;
  /** The row recorded with it. */
  rowId: string | null;
}

const pending = new AsyncLocalStorage<Pending>();

/** Thrown after a create's transaction found its key already taken by a twin: it wrote nothing. */
export class ClaimTaken extends Error {
  constructor() {
    super("This request's idempotency key was already used.");
  }
}

export function findClaim(scope: string, key: string) {
  return prisma.idempotencyKey.findUnique({ where: { scope_key: { scope, key } } });
}

type Outcome<T> = { ok: true; result: T } | { ok: false; error: unknown };

/** Runs `work` with the claim pending; returns what it returned (or threw) and the row it recorded, if any. */
export async function withClaim<T>(claim: Claim, work: () => Promise<T>): Promise<{ outcome: Outcome<T>; rowId: string | null }> {
  const state: Pending = { claim, taken: false, rowId: null };
  let outcome: Outcome<T>;
  try {
    outcome = { ok: true, result: await pending.run(state, work) };
  } catch (error) {
    outcome = { ok: false, error };
  }
  return { outcome, rowId: state.rowId };
}

/**
 * The transaction of a model's create. With a key pending, its first statements take the key: when a
 * twin took it first, nothing is written and ClaimTaken is thrown after the (empty) commit. SQLite runs
 * one transaction at a time, so the twin is seen and nothing rolls back (a rollback there would also
 * undo other requests' writes made on the shared connection meanwhile); on PostgreSQL two at once meet
 * on the primary key and the second rolls back. A create that made no row gives the key back.
 */
export async function createInTransaction<T>(create: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  const state = pending.getStore();
  if (!state || state.taken) return prisma.$transaction(create);
  const outcome = await prisma.$transaction(async (tx) => {
    const where = { scope_key: { scope: state.claim.scope, key: state.claim.key } };
    if (await tx.idempotencyKey.findUnique({ where, select: { rowId: true } })) return null;
    await tx.idempotencyKey.create({ data: { ...state.claim, rowId: "" } });
    state.taken = true;
    try {
      const made = await create(tx);
      if (state.rowId === null) await tx.idempotencyKey.delete({ where });
      return { made };
    } catch (error) {
      state.taken = false;
      state.rowId = null;
      throw error;
    }
  });
  if (!outcome) throw new ClaimTaken();
  if (state.rowId === null) state.taken = false;
  return outcome.made;
}

/** Called by a model inside createInTransaction once its row is made: records the row with the key. */
export async function recordClaim(tx: Prisma.TransactionClient, rowId: string): Promise<void> {
  const state = pending.getStore();
  if (!state?.taken || state.rowId !== null) return;
  await tx.idempotencyKey.update({ where: { scope_key: { scope: state.claim.scope, key: state.claim.key } }, data: { rowId } });
  state.rowId = rowId;
}

/** What a create of many rows records as its row: what they belong to and how many were written. */
export const batchOf = (owner: string, count: number) => `${owner}#${count}`;
export const countOfBatch = (batch: string) => Number(batch.split("#").pop());
