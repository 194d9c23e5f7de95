export const AGENT_TYPES = ["input", "generator", "editor", "stylist", "reviewer", "publisher"] as const;
export type AgentType = (typeof AGENT_TYPES)[number];

export const AGENT_STATUSES = ["active", "processing", "idle", "error"] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

export const GRID_SIZE = 20;

export function snapToGrid(value: number, grid = GRID_SIZE): number {
  return Math.round(value / grid) * grid;
}

export interface StepOutcome {
  status: string;
}

/** Share of finished attempts that succeeded, as a whole percent; null with no history. */
export function successRate(steps: readonly StepOutcome[]): number | null {
  const finished = steps.filter((s) => s.status === "succeeded" || s.status === "failed");
  if (finished.length === 0) return null;
  const ok = finished.filter((s) => s.status === "succeeded").length;
  return Math.round((ok / finished.length) * 100);
}

/** Rounded mean of the agents' rates, ignoring agents without history. */
export function averageRate(rates: readonly (number | null)[]): number | null {
  const known = rates.filter((r): r is number => r !== null);
  if (known.length === 0) return null;
  return Math.round(known.reduce((a, b) => a + b, 0) / known.length);
}
