import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Clock, Eye, Heart, Share2 } from "lucide-react";
import { ChannelBreakdownTable } from "~/components/analytics/channel-breakdown-table";
import { BestTimeGrid } from "~/components/analytics/best-time-grid";
import { EngagementHeatmap } from "~/components/analytics/engagement-heatmap";
import { ExportMenu } from "~/components/analytics/export-menu";
import { RangeSelect, type RangeFormValues } from "~/components/analytics/range-select";
import { TopContentTable } from "~/components/analytics/top-content-table";
import { TypeDistribution } from "~/components/analytics/type-distribution";
import { EngagementLineChart, SERIES_COLORS } from "~/components/charts/engagement-line-chart";
import { Card, PageHeader } from "~/components/ui/card";
import { EmptyState, NextStep } from "~/components/ui/empty-state";
import { StatCard } from "~/components/ui/stat-card";
import { parseAnalyticsRange, type RangeField } from "~/domain/analytics-range";
import { shortDate } from "~/domain/analytics-view";
import { can } from "~/domain/permissions";
import { analyticsView } from "~/models/analytics-view.server";
import { getSettings } from "~/models/settings.server";
import { requireUser } from "~/web/session.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";

export const meta = () => [{ title: "Analytics · Content Studio" }];

type AnalyticsView = Awaited<ReturnType<typeof analyticsView>> & { days: number; label: string; query: string; schedulingEnabled: boolean };
interface AnalyticsPage {
  canExport: boolean;
  error?: { field: RangeField; message: string };
  values: RangeFormValues;
  view: AnalyticsView | null;
}
const reply = (page: AnalyticsPage, status = 200) => data(page, { status });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const now = new Date();
  const canExport = can(user.role, "analytics.export");
  const parsed = parseAnalyticsRange(new URL(request.url).searchParams, now);
  if (!parsed.ok) {
    // The page stays usable: the range form keeps the input and shows why it was refused.
    return reply({ canExport, error: { field: parsed.field, message: parsed.message }, values: parsed.input, view: null }, 400);
  }
  const { range } = parsed;
  const settings = await getSettings();
  const view = await analyticsView(now, range, settings?.timeZone ?? "UTC");
  return reply({
    canExport,
    values: { range: String(range.preset), from: range.from, to: range.to },
    view: {
      ...view,
      days: range.current.days,
      label: range.label,
      query: range.query,
      schedulingEnabled: settings?.scheduleOptimalTiming ?? false,
    },
  });
}

const CARD_LOOK = {
  views: { color: "sky", icon: <Eye size={20} aria-hidden /> },
  shares: { color: "emerald", icon: <Share2 size={20} aria-hidden /> },
  time: { color: "amber", icon: <Clock size={20} aria-hidden /> },
  rate: { color: "violet", icon: <Heart size={20} aria-hidden /> },
} as const;

export default function Analytics() {
  const { canExport, error, values, view } = useLoaderData<AnalyticsPage>();
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Analytics & Insights"
        subtitle={view ? `Track your content performance and engagement · ${view.label}` : "Track your content performance and engagement"}
        actions={
          <>
            <RangeSelect values={values} error={error} />
            {canExport && view ? <ExportMenu query={view.query} /> : null}
          </>
        }
      />
      {view ? (
        <Figures view={view} />
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          Choose a valid date range to see the figures.
        </p>
      )}
    </div>
  );
}

type View = AnalyticsView;

function Figures({ view }: { view: View }) {
  const { cards, series, slices, top, heatmap, bestTime, bestTimeByChannel, scheduling, schedulingEnabled, channels } = view;
  return (
    <>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map((c) => (
          <StatCard key={c.id} {...c} {...CARD_LOOK[c.id]} />
        ))}
      </div>
      <div className="mt-6 grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <Card title="Engagement Over Time" className="flex min-w-0 flex-col" action={<SeriesLegend names={series.map((s) => s.id)} />}>
          <div className="flex flex-1 flex-col justify-center">
            {series.some((s) => s.data.some((d) => d.y > 0)) ? (
              <EngagementLineChart series={series} formatDate={shortDate} />
            ) : (
              <EmptyState title="No views or shares in this date range." className="h-[300px]">
                Choose a longer range above, or <NextStep to="/settings/website">add the tracker to your site</NextStep> so views are
                counted.
              </EmptyState>
            )}
          </div>
        </Card>
        <Card title="Content Type Distribution">
          <TypeDistribution slices={slices} />
        </Card>
        <Card title="Top Performing Content" className="min-w-0">
          <TopContentTable rows={top} />
        </Card>
        <Card title="Content Engagement Heatmap">
          <EngagementHeatmap cells={heatmap} />
        </Card>
      </div>
      <Card title="Channels" className="mt-6 min-w-0">
        <ChannelBreakdownTable rows={channels} />
      </Card>
      <Card title="Best Time to Post" className="mt-6 min-w-0">
        <BestTimeGrid data={bestTime} byChannel={bestTimeByChannel} scheduling={{ enabled: schedulingEnabled, slot: scheduling }} />
      </Card>
    </>
  );
}

function SeriesLegend({ names }: { names: string[] }) {
  return (
    <ul className="flex flex-wrap gap-4 text-sm text-slate-600" aria-label="Series">
      {names.map((name, i) => (
        <li key={name} className="flex items-center gap-1.5">
          <span className="h-2.5 w-2.5 rounded-full" style={{ backgroundColor: SERIES_COLORS[i] }} aria-hidden /> {name}
        </li>
      ))}
    </ul>
  );
}
