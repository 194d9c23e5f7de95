import { describe, expect, it } from "vitest";
import { entryHash, GENESIS_HASH, removedRuns, walkChain, type ChainFields, type StoredEntry } from "./audit-chain";

// Decision 079: a deleted workspace's entries leave the one chain; the deletion names their runs, and
// the walk steps over exactly those.
function chain(n: number): StoredEntry[] {
  const out: StoredEntry[] = [];
  let prevHash = GENESIS_HASH;
  for (let seq = 1; seq <= n; seq++) {
    const fields: ChainFields = {
      id: `e${seq}`,
      seq,
      prevHash,
      at: new Date(Date.UTC(2026, 11, 1, 0, seq)),
      actorKind: "system",
      actorId: null,
      actorName: "Test",
      action: "content.created",
      objectType: "content",
      objectId: null,
      objectTitle: "",
      before: null,
      after: null,
    };
    const hash = entryHash(fields);
    out.push({ ...fields, hash });
    prevHash = hash;
  }
  return out;
}
const base = { seq: 0, hash: GENESIS_HASH };

describe("removed runs", () => {
  it("groups consecutive seqs into one run ending in the last one's hash", () => {
    const all = chain(6);
    const gone = [all[1], all[2], all[4]];
    expect(removedRuns(gone)).toEqual([
      [2, 3, all[2].hash],
      [5, 5, all[4].hash],
    ]);
  });

  it("the walk steps over the runs named, back to back and at the head, and nothing else", async () => {
    const all = chain(7);
    const head = { seq: 7, hash: all[6].hash! };
    const kept = all.filter((e) => ![2, 3, 4, 7].includes(e.seq!));
    // Two deletions whose runs touch (2–3, then 4), and one at the head (7).
    const runs = [...removedRuns([all[1], all[2]]), ...removedRuns([all[3]]), ...removedRuns([all[6]])];
    expect(await walkChain(kept, base, head, runs)).toMatchObject({ ok: true, count: 3 });
    expect(await walkChain(kept, base, head, runs.slice(1))).toMatchObject({ ok: false, problem: { kind: "removed", seq: 2 } });
    expect(await walkChain(kept, base, head, runs.slice(0, 2))).toMatchObject({ ok: false, problem: { kind: "removed", seq: 7 } });
    // A run whose hash is not the one the next entry follows is no excuse.
    const forged = runs.map((r) => (r[0] === 4 ? ([4, 4, "f".repeat(64)] as typeof r) : r));
    expect(await walkChain(kept, base, head, forged)).toMatchObject({ ok: false });
  });
});
