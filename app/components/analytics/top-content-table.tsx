import { EmptyState, NextStep } from "~/components/ui/empty-state";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { Link } from "@remix-run/react";
import type { Performance } from "~/domain/analytics";
import type { TopContentRow } from "~/domain/analytics-view";
import { formatCompact, formatPercent } from "~/domain/format";

const PERFORMANCE_STYLES: Record<Performance, string> = {
  High: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  Medium: "bg-amber-50 text-amber-800 ring-amber-600/20",
  Low: "bg-rose-50 text-rose-700 ring-rose-600/20",
};

export function TopContentTable({ rows }: { rows: TopContentRow[] }) {
  if (rows.length === 0)
    return (
      <EmptyState title="No content was viewed in this period.">
        Choose a longer range above, or <NextStep to="/settings/website">add the tracker to your site</NextStep> so every view counts.
      </EmptyState>
    );
  return (
    <ScrollRegion label="Top performing content, scrolls sideways">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-xs text-slate-500">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Content Title
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Views
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Shares
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Engagement
            </th>
            <th scope="col" className="py-2 pl-3 font-medium">
              Performance
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id}>
              <td className="w-full min-w-[9rem] max-w-0 truncate py-3 pr-4 font-medium text-slate-900" title={row.title}>
                <Link
                  to={`/editor?id=${encodeURIComponent(row.id)}`}
                  className="inline-flex min-h-6 items-center hover:text-indigo-700 hover:underline"
                >
                  {row.title}
                </Link>
              </td>
              <td className="px-3 py-3 text-right tabular-nums" title={`${row.views} views`}>
                {formatCompact(row.views)}
              </td>
              <td className="px-3 py-3 text-right tabular-nums" title={`${row.shares} shares`}>
                {formatCompact(row.shares)}
              </td>
              <td className="px-3 py-3">
                <div className="flex items-center gap-2">
                  <div
                    className="h-2 w-16 rounded-full bg-slate-100"
                    role="progressbar"
                    aria-label={`Engagement of ${row.title}`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(row.engagement * 100)}
                  >
                    <div className="h-2 rounded-full bg-indigo-500" style={{ width: formatPercent(row.engagement) }} />
                  </div>
                  <span className="w-10 tabular-nums text-slate-700">{formatPercent(row.engagement)}</span>
                </div>
              </td>
              <td className="py-3 pl-3">
                <span
                  className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${PERFORMANCE_STYLES[row.performance]}`}
                >
                  {row.performance}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
