export type ChangeDirection = "increase" | "decrease" | "neutral";

export interface Change {
  /** Whole-number percent, or null when there is nothing to compare against. */
  percent: number | null;
  direction: ChangeDirection;
}

/** Percent change of `current` against `previous`, rounded to a whole percent. */
export function percentChange(current: number, previous: number): Change {
  if (previous === 0) {
    if (current === 0) return { percent: 0, direction: "neutral" };
    return { percent: null, direction: "increase" };
  }
  const percent = Math.round(((current - previous) / previous) * 100);
  const direction = percent > 0 ? "increase" : percent < 0 ? "decrease" : "neutral";
  return { percent, direction };
}

export function formatChange(change: Change): string {
  if (change.percent === null) return "new";
  if (change.percent > 0) return `+${change.percent}%`;
  return `${change.percent}%`;
}
