/** Each suffix's divisor, largest last; a value takes the largest it reaches once rounded to one decimal (999,950 is "1M"). */
const COMPACT_STEPS = [
  [1e3, "K"],
  [1e6, "M"],
  [1e9, "B"],
  [1e12, "T"],
] as const;

/** 12500 → "12.5K", 3200 → "3.2K", 156 → "156", 2_400_000 → "2.4M", 3_000_000_000 → "3B". */
export function formatCompact(value: number): string {
  const abs = Math.abs(value);
  if (abs < 1000) return String(Math.round(value));
  const [divisor, suffix] = [...COMPACT_STEPS].reverse().find(([d]) => abs >= d - d / 20_000) ?? COMPACT_STEPS[0];
  const scaled = Math.round((value / divisor) * 10) / 10;
  return `${Number.isInteger(scaled) ? scaled.toFixed(0) : scaled.toFixed(1)}${suffix}`;
}

/** Seconds as minutes with one decimal: 144 → "2.4m". */
export function formatMinutes(seconds: number): string {
  return `${(Math.round((seconds / 60) * 10) / 10).toFixed(1)}m`;
}

export function formatPercent(ratio: number): string {
  return `${Math.round(ratio * 100)}%`;
}

export function initialOf(name: string): string {
  return name.trim().charAt(0).toUpperCase() || "?";
}
