import { seededRandom } from "../../app/domain/allocate";
import type { SampleItem } from "./content";
import { AGENTS } from "./people";
import { DAY, MINUTE, ago } from "./time";

export interface SampleRun {
  id: string;
  status: string;
  contentId: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  pipeline: string | null;
  startedAt: Date | null;
  briefTitle?: string;
  brief?: string;
  briefType?: string;
  requestedById?: string;
  outcome?: string | null;
}
export interface SampleJob {
  runId: string;
  position: number;
  agentId: string;
  status: string;
  attempt: number;
  leaseOwner: string | null;
  leasedUntil: Date | null;
  availableAt: Date;
  idempotencyKey: string;
  createdAt: Date;
  updatedAt: Date;
}
export interface SampleStep {
  id: string;
  runId: string;
  agentId: string;
  attempt: number;
  status: string;
  error: string | null;
  tokens: number;
  startedAt: Date;
  finishedAt: Date | null;
  position: number;
  durationMs: number | null;
}

/** Briefs waiting in the queue, so a fresh studio has work for 'Start Workflow'. */
export const BRIEFS = [
  {
    briefTitle: "Spring Launch: Five Ways Teams Ship Faster",
    briefType: "blog",
    brief:
      "Announce the spring release for marketing teams. Cover faster reviews, the shared brand voice, scheduled publishing, analytics that explain themselves and the new agent workflow. Close with an invitation to the launch webinar.",
  },
  {
    briefTitle: "Customer Story: How Northwind Cut Review Time in Half",
    briefType: "article",
    brief:
      "A customer story about Northwind's content team: where reviews used to stall, how they set up the pipeline, and what changed in three months. Quote their content lead and end with the numbers.",
  },
];

const FINISHED_RUNS = 50;
/** Runs that failed for good, and at which agent (46 of 50 succeed: 92%). */
const TERMINAL_FAILURES: Record<number, string> = { 7: "agent-generator", 19: "agent-editor", 28: "agent-reviewer", 41: "agent-reviewer" };
/** Runs where an agent failed once and its retry succeeded. */
const RETRIED: Record<number, string> = { 3: "agent-generator", 12: "agent-stylist", 23: "agent-reviewer", 35: "agent-reviewer" };
const ERRORS: Record<string, string> = {
  "agent-generator": "Model timed out after 30 s",
  "agent-editor": "Draft exceeded the maximum length",
  "agent-stylist": "Brand voice rules could not be loaded",
  "agent-reviewer": "Quality score 71 is below the threshold 85",
};

export function sampleRuns(now: Date, items: SampleItem[]) {
  const rand = seededRandom(92);
  const runs: SampleRun[] = [];
  const steps: SampleStep[] = [];
  // A run that succeeded published its item; one that failed left its item unpublished (issue 35: the
  // published count and the items agree).
  const published = items.filter((i) => i.status === "published");
  const unpublished = items.filter((i) => i.status === "draft" || i.status === "review");
  for (let r = 0; r <= FINISHED_RUNS; r++) {
    const running = r === FINISHED_RUNS;
    const runId = `run-${String(r + 1).padStart(3, "0")}`;
    const start = running ? ago(now, 2 * MINUTE) : ago(now, (30 - (r * 29.5) / FINISHED_RUNS) * DAY);
    let clock = start.getTime();
    let status = "succeeded";
    for (const agent of AGENTS) {
      const attempts = RETRIED[r] === agent.id ? 2 : 1;
      for (let attempt = 1; attempt <= attempts; attempt++) {
        const failed = attempt < attempts || TERMINAL_FAILURES[r] === agent.id;
        const inFlight = running && agent.id === "agent-generator";
        const duration = Math.round((5 + rand() * 35) * 1000);
        steps.push({
          id: `${runId}-${agent.position}-${attempt}`,
          runId,
          agentId: agent.id,
          attempt,
          status: inFlight ? "running" : failed ? "failed" : "succeeded",
          error: failed && !inFlight ? ERRORS[agent.id] : null,
          tokens: agent.type === "input" || agent.type === "publisher" ? 0 : Math.round(400 + rand() * 1600),
          startedAt: new Date(clock),
          finishedAt: inFlight ? null : new Date(clock + duration),
          position: agent.position,
          durationMs: inFlight ? null : duration,
        });
        clock += duration + 1000;
        if (inFlight) status = "running";
        else if (failed && attempt === attempts) status = "failed";
      }
      if (status !== "succeeded") break;
    }
    const item = status === "succeeded" ? published[r % published.length] : unpublished[r % unpublished.length];
    const finishedAt = status === "running" ? null : new Date(clock);
    runs.push({
      id: runId,
      status,
      contentId: item.id,
      createdAt: start,
      finishedAt,
      pipeline: JSON.stringify(AGENTS.map((a) => a.id)),
      startedAt: start,
      outcome: status === "succeeded" ? "published" : status === "failed" ? "failed" : null,
    });
  }
  // The run in flight was interrupted when the sample was taken: its lease has run out, so the
  // runner resumes its step as it would after a server restart.
  const live = runs[runs.length - 1];
  const jobs: SampleJob[] = [
    {
      runId: live.id,
      position: 1,
      agentId: "agent-generator",
      status: "leased",
      attempt: 1,
      leaseOwner: "sample-runner",
      leasedUntil: ago(now, MINUTE),
      availableAt: live.createdAt,
      idempotencyKey: `${live.id}:1`,
      createdAt: live.createdAt,
      updatedAt: live.createdAt,
    },
  ];
  BRIEFS.forEach((brief, i) => {
    runs.push({
      id: `run-brief-${i + 1}`,
      status: "queued",
      contentId: null,
      createdAt: ago(now, (30 - i * 10) * MINUTE),
      finishedAt: null,
      pipeline: null,
      startedAt: null,
      requestedById: "user-marcus",
      ...brief,
    });
  });
  return { runs, steps, jobs };
}
