// Creates a retry must not repeat (decision 064). A request's key is recorded in the transaction that
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
  /** The row this request recorded the claim with, once its transaction wrote it. */
  rowId: string | null;
}

const pending = new AsyncLocalStorage<Pending>();

export function findClaim(scope: string, key: string) {
  return prisma.idempotencyKey.findUnique({ where: { scope_key: { scope, key } } });
}

/** Runs `work` with the claim pending; returns what it returned and the row it recorded, if any. */
export async function withClaim<T>(claim: Claim, work: () => Promise<T>): Promise<{ result: T; rowId: string | null }> {
  const state: Pending = { claim, rowId: null };
  const result = await pending.run(state, work);
  return { result, rowId: state.rowId };
}

/**
 * Called by a model inside the transaction that creates a row: records the pending request's key with
 * it (nothing without one; only the first create of a request). A concurrent request with the same key
 * fails here on the primary key, and its transaction, row and all, rolls back.
 */
export async function recordClaim(tx: Prisma.TransactionClient, rowId: string): Promise<void> {
  const state = pending.getStore();
  if (!state || state.rowId) return;
  await tx.idempotencyKey.create({ data: { ...state.claim, rowId } });
  state.rowId = rowId;
}

/** What a create of many rows records as its row: what they belong to and how many were written. */
export const batchOf = (owner: string, count: number) => `${owner}#${count}`;
export const countOfBatch = (batch: string) => Number(batch.split("#").pop());
