import { EmptyState, NextStep } from "~/components/ui/empty-state";
import { ScrollRegion } from "~/components/ui/scroll-region";
import type { ChannelRow } from "~/domain/channel-breakdown";
import { formatCompact, formatPercent } from "~/domain/format";

/** Views, clicks, shares and engagement per channel for the range (website: page views; networks: impressions). */
export function ChannelBreakdownTable({ rows }: { rows: ChannelRow[] }) {
  if (rows.length === 0)
    return (
      <EmptyState title="No channel recorded anything in this period.">
        <NextStep to="/library?view=calendar">Plan channel posts</NextStep>, or{" "}
        <NextStep to="/settings/website">send the networks' figures</NextStep> with a token or a CSV.
      </EmptyState>
    );
  return (
    <ScrollRegion label="Channels, scrolls sideways">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Figures per channel</caption>
        <thead className="border-b border-slate-200 text-xs text-slate-500">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Channel
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Views
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Clicks
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Shares
            </th>
            <th scope="col" className="py-2 pl-3 text-right font-medium">
              Engagement
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.channel} data-channel={row.channel}>
              <th scope="row" className="py-3 pr-4 font-medium text-slate-900">
                {row.name}
              </th>
              <td
                className="px-3 py-3 text-right tabular-nums"
                title={`${row.views} ${row.channel === "website" ? "page views" : "impressions"}`}
              >
                {formatCompact(row.views)}
              </td>
              <td className="px-3 py-3 text-right tabular-nums" title={`${row.clicks} click${row.clicks === 1 ? "" : "s"}`}>
                {formatCompact(row.clicks)}
              </td>
              <td className="px-3 py-3 text-right tabular-nums" title={`${row.shares} shares`}>
                {formatCompact(row.shares)}
              </td>
              <td className="py-3 pl-3 text-right tabular-nums">{formatPercent(row.engagement)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-xs text-slate-500">
        Website: page views and engaged views; networks: impressions and likes, comments, shares and clicks.
      </p>
    </ScrollRegion>
  );
}
