// The one way a job loop runs and waits (decision 069): a pass over the job's due work, then a sleep
// on its IdleWait (decision 016) until the pass's next due time, a commit by anyone (the content
// version), or a nudge: wake.server.ts's, from this process or, through Redis, from another replica.
import { onWake, type Job } from "~/db/wake.server";
import { eachWorkspace } from "~/db/workspaces.server";
import { IdleWait, type IdleWaitOptions } from "./idle-wait.server";

export interface JobLoop {
  idle: IdleWait;
  /** Ends the loop after the pass in flight, if any; its last wait ends at once. */
  stop(): void;
}

/**
 * Starts `job`'s loop: `pass` does the work that is due and says when the next is (null: none known).
 * It runs once per workspace, in that workspace (decision 073); the loop waits for the earliest next.
 * A failed pass is logged, and the loop waits as if nothing were due.
 */
export function startJobLoop(job: Job, options: IdleWaitOptions, pass: () => Promise<Date | null>): JobLoop {
  const idle = new IdleWait(options);
  let running = true;
  onWake(job, () => idle.nudge());
  void (async () => {
    while (running) {
      let next: Date | null = null;
      try {
        await idle.mark();
        next = await eachWorkspace(pass);
      } catch (error) {
        console.error(`The ${job} job failed:`, error);
      }
      if (running) await idle.wait(next ? next.getTime() : Infinity);
    }
  })();
  return {
    idle,
    stop() {
      running = false;
      idle.nudge();
    },
  };
}
