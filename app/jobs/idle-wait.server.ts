// How a job loop waits when it has nothing to do (decision 016). It sleeps until it is nudged in this
// process, until its next known due time, or until the content version moves (decision 026: any
// commit but the tracker's, so page views do not wake the loops, nor make them take the write lock
// the tracker's commits need). Reading it costs microseconds where a Prisma
// query costs a millisecond or more, so an idle loop never queries. The version is checked at growing
// intervals (minMs doubling to maxMs) while nothing changes.
import { contentVersion } from "~/models/data-revision.server";

export type WakeReason = "nudged" | "changed" | "due";

export interface IdleWaitOptions {
  minMs: number;
  maxMs: number;
  /** Whether the timer lets the process exit (the scheduler) or keeps it alive (a worker's runner). */
  unref?: boolean;
  version?: () => number | Promise<number>;
}

export class IdleWait {
  private seen: number | null = null;
  private step: number;
  private nudged = false;
  private wakeUp: (() => void) | null = null;

  constructor(private readonly options: IdleWaitOptions) {
    this.step = options.minMs;
  }

  /** The version as of now; null when it cannot be read (then every check counts as a change). */
  async version(): Promise<number | null> {
    try {
      return await (this.options.version ?? contentVersion)();
    } catch {
      return null;
    }
  }

  /** Call before reading the database: a commit by anyone after this ends the next wait. */
  async mark(version?: number | null) {
    this.seen = version === undefined ? await this.version() : version;
  }

  /** Whether anyone has committed since mark(). */
  async changed(): Promise<boolean> {
    const now = await this.version();
    return now === null || now !== this.seen;
  }

  nudge() {
    this.nudged = true;
    this.wakeUp?.();
  }

  /** Shortens the next checks again, e.g. after work was found. */
  reset() {
    this.step = this.options.minMs;
  }

  /** Sleeps until nudged, a commit since mark(), or `until` (epoch ms) has passed. */
  async wait(until: number): Promise<WakeReason> {
    for (;;) {
      if (this.nudged) {
        this.nudged = false;
        this.reset();
        return "nudged";
      }
      const left = until - Date.now();
      if (left <= 0) return "due";
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(this.step, left));
        if (this.options.unref) timer.unref();
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = null;
      if (this.nudged) continue;
      if (await this.changed()) {
        this.reset();
        return "changed";
      }
      this.step = Math.min(this.step * 2, this.options.maxMs);
    }
  }
}
