// The mixed workload of `npm run load` and its ledger of acknowledged writes, shared by the single-server
// (SQLite) and replicas (PostgreSQL) modes: half the connections autosave their own draft, the others
// mix comments, settings saves and screen reads; every answer is timed and every acknowledged write is
// remembered so it can be counted back from the database afterwards.
import { NAV } from "../../app/components/shell/nav";
import { percentile } from "./stats";
import type { StudioClient } from "./studio-client";

/** One request as the load generator saw it: when it ended, how long it took if answered, and whether it counted. */
interface Outcome {
  end: number;
  ms: number | null;
  ok: boolean;
  what?: string;
}

/** What the database holds, read back after the run (SQLite or PostgreSQL). */
export interface StoredWrites {
  bodyOf(id: string): Promise<string | undefined>;
  commentsLike(prefix: string): Promise<string[]>;
  threshold(): Promise<number | undefined>;
}

export class LoadMix {
  readonly counts = { reads: 0, autosaves: 0, comments: 0, settings: 0, errors: 0, savesFoundStored: 0, storedAnswered5xx: 0 };
  readonly outcomes: Outcome[] = [];
  private readonly writers: number;
  private readonly lastSaved = new Map<string, string>();
  /** Per draft, saves sent after its last acknowledged one whose answer never came: stored or not, nobody knows. */
  private readonly unsureSaves = new Map<string, string[]>();
  private readonly commented: string[] = [];
  /** Per draft, saves answered 5xx: each must not have been stored (a 5xx means nothing was). */
  private readonly failedSaves = new Map<string, string[]>();
  private readonly failedComments: string[] = [];
  /** Per draft, each save's step and answer ("12:200", "13:net"), printed for a draft whose text was lost. */
  private readonly trail = new Map<string, string[]>();
  private note(id: string, entry: string) {
    this.trail.set(id, [...(this.trail.get(id) ?? []), entry]);
  }
  private readonly thresholds = new Set<number>();
  private readonly unsureThresholds = new Set<number>();

  constructor(
    private readonly client: StudioClient,
    private readonly items: string[],
    private readonly run: string,
    connections: number,
  ) {
    this.writers = Math.ceil(connections / 2);
  }

  /** Makes the writers' drafts (one per writing connection). */
  static async create(client: StudioClient, run: string, connections: number) {
    const writers = Math.ceil(connections / 2);
    // Eight at a time: the drafts are the run's set-up, not part of the load it measures.
    const items: string[] = [];
    for (let i = 0; i < writers; i += 8) {
      const batch = Array.from({ length: Math.min(8, writers - i) }, (_, k) => client.createItem(`${run} draft ${i + k}`));
      items.push(...(await Promise.all(batch)));
    }
    return new LoadMix(client, items, run, connections);
  }

  /** `ms`: until the answer's headers for pages and form posts, until its body for saves and comments. */
  private record(ms: number | null, what?: string) {
    if (what) this.counts.errors++;
    this.outcomes.push({ end: Date.now(), ms, ok: !what, what });
  }

  /** Connection `n` until the deadline (ms since the epoch). */
  async worker(n: number, deadline: number) {
    const { client, items, run, writers } = this;
    let version = 1;
    let step = 0;
    while (Date.now() < deadline) {
      step++;
      const start = performance.now();
      const took = () => performance.now() - start;
      // Set just before a write is sent; the catch below then knows which write's answer was lost.
      let unsure = () => {};
      try {
        if (step % 3 === 0) {
          const path = NAV[(n + step) % NAV.length].to;
          const res = await client.get(path);
          const ms = took();
          await res.arrayBuffer();
          if (res.status === 200) this.counts.reads++;
          this.record(ms, res.status === 200 ? undefined : `GET ${path} → ${res.status}`);
        } else if (n < writers) {
          const id = items[n];
          const body = `${run} item ${n} save ${step}: ${"lorem ipsum ".repeat(20)}`;
          unsure = () => {
            this.unsureSaves.set(id, [...(this.unsureSaves.get(id) ?? []), body]);
            this.note(id, `${step}:net`);
          };
          const { status, reply } = await client.save(id, version, body);
          this.note(id, `${step}:v${version}:${status}`);
          const ms = took();
          const current = reply?.current;
          if (status === 200 && reply?.ok) {
            version = reply.version!;
            this.lastSaved.set(id, body);
            this.unsureSaves.delete(id);
            this.counts.autosaves++;
            this.record(ms);
          } else if (status === 409 && current && this.unsureSaves.get(id)?.includes(current.body)) {
            // This connection's own save, sent to a replica that died before answering, was committed:
            // the 409 carries it back, so carry on from its version (its lost answer was already an error).
            version = current.version;
            this.counts.savesFoundStored++;
            this.record(ms);
          } else if (status === 409 && current && this.failedSaves.get(id)?.includes(current.body)) {
            // A save answered 5xx was stored after all: the answer lied. Count it and carry on from it.
            version = current.version;
            this.counts.storedAnswered5xx++;
            this.failedSaves.delete(id);
            this.record(ms, `save ${id}: stored, yet answered 5xx earlier`);
          } else {
            if (status >= 500) this.failedSaves.set(id, [...(this.failedSaves.get(id) ?? []), body]);
            this.record(ms, `save ${id} v${version} → ${status}`);
          }
        } else if (n % 4 === 0) {
          const threshold = 50 + ((n * 7 + step) % 51);
          unsure = () => this.unsureThresholds.add(threshold);
          const res = await client.post("/settings", {
            intent: "save",
            section: "agents",
            generationThreshold: String(threshold),
            creativityLevel: "Balanced",
            autoPublish: "on",
          });
          const ms = took();
          await res.arrayBuffer();
          if (res.status === 200) {
            this.thresholds.add(threshold);
            this.counts.settings++;
          }
          this.record(ms, res.status === 200 ? undefined : `settings → ${res.status}`);
        } else {
          const text = `${run} comment ${n}-${step}`;
          const status = await client.comment(items[n % writers], text);
          const ms = took();
          if (status === 200) {
            this.commented.push(text);
            this.counts.comments++;
          } else if (status >= 500) this.failedComments.push(text);
          this.record(ms, status === 200 ? undefined : `comment → ${status}`);
        }
      } catch (error) {
        unsure();
        const cause = (error as Error & { cause?: Error }).cause;
        this.record(null, `network: ${(error as Error).message}${cause ? ` (${cause.message})` : ""}`);
      }
    }
  }

  /** All connections until the deadline. */
  runAll(connections: number, deadline: number) {
    return Promise.all(Array.from({ length: connections }, (_, n) => this.worker(n, deadline)));
  }

  /** Requests that ended in [from, to): how many, how many failed, the answered ones' latency, the first errors. */
  window(from = 0, to = Infinity) {
    const inside = this.outcomes.filter((o) => o.end >= from && o.end < to);
    const ms = inside.flatMap((o) => (o.ms === null ? [] : [o.ms])).sort((a, b) => a - b);
    const failed = inside.filter((o) => !o.ok);
    return {
      requests: inside.length,
      errors: failed.length,
      failed,
      p50: percentile(ms, 50),
      p95: percentile(ms, 95),
      p99: percentile(ms, 99),
    };
  }

  /**
   * Counts the acknowledged writes back. A draft's stored text must be its last acknowledged save or a
   * later save whose answer was lost (sent, maybe committed, never acknowledged); every acknowledged
   * comment must be stored; the final threshold must be one that was sent.
   */
  async check(stored: StoredWrites) {
    let lostSaves = 0;
    let storedAnswered5xx = this.counts.storedAnswered5xx;
    const saveOf = (body: string | undefined) => body?.match(/ save (\d+):/)?.[1] ?? "none";
    const details: string[] = [];
    for (const [id, body] of this.lastSaved) {
      const now = await stored.bodyOf(id);
      if (this.failedSaves.get(id)?.includes(now ?? "")) storedAnswered5xx++;
      else if (now !== body && !this.unsureSaves.get(id)?.includes(now ?? "")) {
        lostSaves++;
        const steps = (list?: string[]) => (list ?? []).map(saveOf).join(",") || "none";
        details.push(
          `  lost: ${id} acknowledged save ${saveOf(body)}, stored save ${saveOf(now)}, unanswered ${steps(this.unsureSaves.get(id))}, answered 5xx ${steps(this.failedSaves.get(id))}; saves ${(this.trail.get(id) ?? []).join(" ")}`,
        );
      }
    }
    const storedComments = new Set(await stored.commentsLike(`${this.run} comment %`));
    const lostComments = this.commented.filter((c) => !storedComments.has(c)).length;
    storedAnswered5xx += this.failedComments.filter((c) => storedComments.has(c)).length;
    const finalThreshold = Number(await stored.threshold());
    const lostSettings =
      this.counts.settings > 0 && !this.thresholds.has(finalThreshold) && !this.unsureThresholds.has(finalThreshold) ? 1 : 0;
    return {
      lost: lostSaves + lostComments + lostSettings,
      storedAnswered5xx,
      line:
        `Lost writes: ${lostSaves} autosaves (of ${this.lastSaved.size} drafts checked), ${lostComments} comments (of ${this.commented.length}), ${lostSettings} settings\n` +
        details.map((d) => `${d}\n`).join("") +
        `Stored writes answered 5xx: ${storedAnswered5xx} (of ${this.failedComments.length} comments and ${[...this.failedSaves.values()].flat().length + this.counts.storedAnswered5xx} saves answered 5xx)`,
    };
  }

  /** The answered-requests line both modes print. */
  answeredLine(seconds: number) {
    const { reads, autosaves, comments, settings } = this.counts;
    const total = reads + autosaves + comments + settings;
    return `Requests answered: ${total} (${(total / seconds).toFixed(1)}/s): ${reads} reads, ${autosaves} autosaves, ${comments} comments, ${settings} settings saves`;
  }
}
