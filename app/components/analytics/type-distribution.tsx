import { EmptyState, NextStep } from "~/components/ui/empty-state";
import type { TypeSlice } from "~/domain/analytics-view";
import { formatCompact, formatPercent } from "~/domain/format";
import { TypeDonutChart } from "~/components/charts/type-donut-chart";

const SLICE_COLORS: Record<TypeSlice["id"], string> = { blog: "#6366f1", social: "#ec4899", caption: "#8b5cf6", article: "#0ea5e9" };

/** The donut plus a legend giving each type's views and share. */
export function TypeDistribution({ slices }: { slices: TypeSlice[] }) {
  const total = slices.reduce((sum, s) => sum + s.value, 0);
  const share = (v: number) => formatPercent(total === 0 ? 0 : v / total);
  const data = slices.map((s) => ({ id: s.label, label: s.label, value: s.value, color: SLICE_COLORS[s.id] }));
  if (total === 0) {
    return (
      <EmptyState title="No views in this date range." className="h-[300px]">
        Choose a longer range above, or <NextStep to="/library?status=published">see what is published</NextStep>.
      </EmptyState>
    );
  }
  return (
    <div>
      <TypeDonutChart slices={data} ariaLabel={`Views by content type: ${data.map((d) => `${d.label} ${share(d.value)}`).join(", ")}`} />
      <ul className="mx-auto mt-4 grid max-w-xs grid-cols-2 gap-x-5 gap-y-2 text-sm" aria-label="Legend">
        {data.map((d) => (
          <li key={d.id} className="flex items-center gap-2 whitespace-nowrap">
            <span className="h-3 w-3 shrink-0 rounded-full" style={{ backgroundColor: d.color }} aria-hidden />
            <span className="text-slate-700">{d.label}</span>
            <span className="ml-auto tabular-nums text-slate-500" title={`${formatCompact(d.value)} views`}>
              {share(d.value)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
