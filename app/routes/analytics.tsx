import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Clock, Download, Eye, Heart, Share2 } from "lucide-react";
import { EngagementHeatmap } from "~/components/analytics/engagement-heatmap";
import { RangeSelect } from "~/components/analytics/range-select";
import { TopContentTable } from "~/components/analytics/top-content-table";
import { TypeDistribution } from "~/components/analytics/type-distribution";
import { EngagementLineChart, SERIES_COLORS } from "~/components/charts/engagement-line-chart";
import { Card, PageHeader } from "~/components/ui/card";
import { StatCard } from "~/components/ui/stat-card";
import { parseRange, RANGE_OPTIONS, rangeLabel, shortDate } from "~/domain/analytics-view";
import { analyticsView } from "~/models/analytics-view.server";
import { can } from "~/domain/permissions";
import { requireUser } from "~/session.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";

export const meta = () => [{ title: "Analytics · Content Studio" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const raw = new URL(request.url).searchParams.get("range");
  const days = parseRange(raw);
  if (days === null) {
    throw data(`Unknown date range "${raw}". Choose one of: ${RANGE_OPTIONS.map(rangeLabel).join(", ")} (?range=${RANGE_OPTIONS.join("|")}).`, { status: 400 });
  }
  return { days, canExport: can(user.role, "analytics.export"), ...(await analyticsView(new Date(), days)) };
}

const CARD_LOOK = {
  views: { color: "sky", icon: <Eye size={20} aria-hidden /> },
  shares: { color: "emerald", icon: <Share2 size={20} aria-hidden /> },
  time: { color: "amber", icon: <Clock size={20} aria-hidden /> },
  rate: { color: "violet", icon: <Heart size={20} aria-hidden /> },
} as const;

export default function Analytics() {
  const { days, canExport, cards, series, slices, top, heatmap } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Analytics & Insights"
        subtitle="Track your content performance and engagement"
        actions={
          <>
            <RangeSelect value={days} />
            {canExport ? (
              <a
              href={`/analytics/export?range=${days}`}
              download
              className="inline-flex items-center gap-2 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-indigo-700 focus:outline-none focus:ring-2 focus:ring-indigo-500 focus:ring-offset-2"
            >
              <Download size={16} aria-hidden /> Export Report
              </a>
            ) : null}
          </>
        }
      />
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map((c) => (
          <StatCard key={c.id} {...c} {...CARD_LOOK[c.id]} />
        ))}
      </div>
      <div className="mt-6 grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <Card title="Engagement Over Time" className="flex min-w-0 flex-col" action={<SeriesLegend names={series.map((s) => s.id)} />}>
          <div className="flex flex-1 flex-col justify-center">
            <EngagementLineChart series={series} formatDate={shortDate} />
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
    </div>
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
