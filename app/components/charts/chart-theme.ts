/** Shared nivo theme: slate text and light grid lines, matching the Tailwind palette. */
export const CHART_THEME = {
  text: { fontSize: 12, fill: "#64748b" },
  axis: { ticks: { line: { stroke: "#cbd5e1" }, text: { fontSize: 12, fill: "#64748b" } } },
  grid: { line: { stroke: "#f1f5f9" } },
  tooltip: { container: { fontSize: 13, borderRadius: 8 } },
} as const;
