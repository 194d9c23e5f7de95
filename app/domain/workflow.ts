export const AGENT_TYPES = ["input", "generator", "editor", "stylist", "reviewer", "publisher"] as const;
export type AgentType = (typeof AGENT_TYPES)[number];

export const AGENT_STATUSES = ["active", "processing", "idle", "error"] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

export const GRID_SIZE = 20;

export function snapToGrid(value: number, grid = GRID_SIZE): number {
  return Math.round(value / grid) * grid;
}

/** Whole-percent success rate from counts; null when nothing has finished. */
export function rateOf(succeeded: number, failed: number): number | null {
  const finished = succeeded + failed;
  return finished === 0 ? null : Math.round((succeeded / finished) * 100);
}

/** Rounded mean of the agents' rates, ignoring agents without history. */
export function averageRate(rates: readonly (number | null)[]): number | null {
  const known = rates.filter((r): r is number => r !== null);
  if (known.length === 0) return null;
  return Math.round(known.reduce((a, b) => a + b, 0) / known.length);
}
