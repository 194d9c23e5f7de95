// The audit log's hash chain (decision 075): what an entry's hash covers, and the walk that checks one
// ordered sequence of entries (one chain's scope) against its base and its head. No database here: the
// model hands the walk its entries, so a chain per workspace is the model's where-clause, not this file.
import { createHash } from "node:crypto";

/** The chain's start before any entry: 64 zeros. */
export const GENESIS_HASH = "0".repeat(64);
/** The encoding's version, first in every encoded entry: a new field makes a new version. */
export const ENCODING = "studio-audit-v1";

export interface ChainFields {
  seq: number;
  prevHash: string;
  id: string;
  at: Date;
  actorKind: string;
  actorId: string | null;
  actorName: string;
  action: string;
  objectType: string;
  objectId: string | null;
  objectTitle: string;
  before: string | null;
  after: string | null;
}

/** A JSON value with every object's keys sorted, at every depth. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortedKeys((value as Record<string, unknown>)[k])]),
    );
  return value;
}

/** A stored JSON field as its canonical value; text that is not JSON stays text, marked so. */
function canonicalJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return { json: sortedKeys(JSON.parse(text)) };
  } catch {
    return { text };
  }
}

/**
 * The text an entry's hash is taken over: a JSON array in this fixed order — version, seq, prevHash,
 * id, at (ISO 8601, UTC, milliseconds), actorKind, actorId, actorName, action, objectType, objectId,
 * objectTitle, before, after — each JSON field as its parsed value with sorted keys.
 */
export function canonicalEntry(e: ChainFields): string {
  return JSON.stringify([
    ENCODING,
    e.seq,
    e.prevHash,
    e.id,
    e.at.toISOString(),
    e.actorKind,
    e.actorId,
    e.actorName,
    e.action,
    e.objectType,
    e.objectId,
    e.objectTitle,
    canonicalJson(e.before),
    canonicalJson(e.after),
  ]);
}

/** SHA-256 of the canonical encoding, as 64 hex digits. */
export const entryHash = (e: ChainFields): string => createHash("sha256").update(canonicalEntry(e), "utf8").digest("hex");

export interface ChainPoint {
  seq: number;
  hash: string;
}

/** A stored entry as the walk reads it: chain columns may be null on a row that was never chained. */
export type StoredEntry = Omit<ChainFields, "seq" | "prevHash"> & { seq: number | null; prevHash: string | null; hash: string | null };

export type ChainProblem = { kind: "changed" | "removed" | "inserted"; seq: number | null; id: string | null; message: string };
export type ChainCheck = { ok: true; head: ChainPoint; count: number } | { ok: false; problem: ChainProblem; checked: number };

/**
 * A run of entries a workspace's deletion removed (decision 079): seqs `from`–`to` and the hash of the
 * last, written in the chained `workspace.deleted` entry, so the walk steps over them instead of
 * reporting them removed.
 */
export type RemovedRun = [from: number, to: number, lastHash: string];

/** The runs a set of removed entries makes: consecutive seqs are one run (no entry can sit between them). */
export function removedRuns(removed: { seq: number | null; hash: string | null }[]): RemovedRun[] {
  const chained = removed
    .filter((e): e is { seq: number; hash: string } => e.seq !== null && e.hash !== null)
    .sort((a, b) => a.seq - b.seq);
  const runs: RemovedRun[] = [];
  for (const e of chained) {
    const last = runs[runs.length - 1];
    if (last && last[1] === e.seq - 1) runs[runs.length - 1] = [last[0], e.seq, e.hash];
    else runs.push([e.seq, e.seq, e.hash]);
  }
  return runs;
}

const name = (e: { seq: number | null; id: string }) => `entry #${e.seq ?? "?"} (${e.id})`;

/**
 * Walks one chain's entries in seq order from its base (where the retention last cut it) to its head
 * and names the first entry that was changed, removed or inserted. Entries without a seq (written
 * around the chain) are the caller's to pass first.
 */
export async function walkChain(
  entries: AsyncIterable<StoredEntry> | Iterable<StoredEntry>,
  base: ChainPoint,
  head: ChainPoint,
  removed: readonly RemovedRun[] = [],
): Promise<ChainCheck> {
  let prev = base;
  let prevId = "";
  let count = 0;
  const fail = (problem: ChainProblem): ChainCheck => ({ ok: false, problem, checked: count });
  const runs = new Map(removed.map((run) => [run[0], run]));
  /** Steps over the runs a deletion vouched for that start right after `prev` and end before `next`. */
  const stepOver = (next: number) => {
    for (let run = runs.get(prev.seq + 1); run && run[1] < next; run = runs.get(prev.seq + 1)) prev = { seq: run[1], hash: run[2] };
  };
  for await (const e of entries) {
    if (e.seq !== null) stepOver(e.seq);
    if (e.seq === null || e.hash === null || e.prevHash === null)
      return fail({ kind: "inserted", seq: null, id: e.id, message: `${name(e)} is not in the chain: it was inserted around it.` });
    if (e.seq > head.seq)
      return fail({ kind: "inserted", seq: e.seq, id: e.id, message: `${name(e)} comes after the head (#${head.seq}): it was inserted.` });
    if (e.seq > prev.seq + 1)
      return fail({
        kind: "removed",
        seq: prev.seq + 1,
        id: null,
        message: `entry #${prev.seq + 1}${e.seq > prev.seq + 2 ? `–#${e.seq - 1}` : ""} was removed (the next one left is ${name(e)}).`,
      });
    if (e.prevHash !== prev.hash)
      return fail({
        kind: prev.seq === base.seq ? "inserted" : "changed",
        seq: prev.seq === base.seq ? e.seq : prev.seq,
        id: prev.seq === base.seq ? e.id : prevId,
        message:
          prev.seq === base.seq
            ? `${name(e)} does not follow the chain's base (#${base.seq}): it was inserted or the chain was cut.`
            : `entry #${prev.seq} (${prevId}) was changed or replaced: ${name(e)} holds another hash for it.`,
      });
    if (entryHash({ ...e, seq: e.seq, prevHash: e.prevHash }) !== e.hash)
      return fail({ kind: "changed", seq: e.seq, id: e.id, message: `${name(e)} was changed: its fields no longer match its hash.` });
    prev = { seq: e.seq, hash: e.hash };
    prevId = e.id;
    count += 1;
  }
  stepOver(head.seq + 1);
  if (prev.seq < head.seq)
    return fail({
      kind: "removed",
      seq: prev.seq + 1,
      id: null,
      message: `entry #${prev.seq + 1}${head.seq > prev.seq + 1 ? `–#${head.seq}` : ""} was removed (the head is #${head.seq}).`,
    });
  if (prev.hash !== head.hash)
    return fail({
      kind: "changed",
      seq: prev.seq,
      id: prevId,
      message: `entry #${prev.seq} (${prevId}) does not match the head's hash: it was changed or replaced.`,
    });
  return { ok: true, head, count };
}
