import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Activity, Eye, FileText, Send } from "lucide-react";
import { StatusBadge, TypeBadge } from "~/components/ui/badges";
import { Card, PageHeader } from "~/components/ui/card";
import { EmptyState, NextStep } from "~/components/ui/empty-state";
import { StatCard } from "~/components/ui/stat-card";
import { ActivityFeed } from "~/components/dashboard/activity-feed";
import { QuickActions } from "~/components/dashboard/quick-actions";
import { NeedsAttention } from "~/components/dashboard/needs-attention";
import { attentionRows } from "~/domain/needs-attention";
import { attentionFacts } from "~/models/needs-attention.server";
import { dashboardStats, performanceOverview } from "~/domain/dashboard";
import { formatCompact } from "~/domain/format";
import { can, forbiddenMessage } from "~/domain/permissions";
import { timeAgo } from "~/domain/relative-time";
import { recentActivity } from "~/models/activity.server";
import { recentContent } from "~/models/content.server";
import { dashboardCounts } from "~/models/dashboard.server";
import { latestVisualIds } from "~/models/visual.server";
import { requireUser } from "~/web/session.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";

export const meta = () => [{ title: "Dashboard · Content Studio" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const now = new Date();
  const [counts, content, events, attention] = await Promise.all([
    dashboardCounts(now),
    recentContent(3),
    recentActivity(5),
    attentionFacts(),
  ]);
  const visuals = await latestVisualIds(content.map((c) => c.id));
  return {
    firstName: user.name.split(" ")[0],
    createRefusal: can(user.role, "content.create") ? null : forbiddenMessage(user.role, "content.create"),
    attention: attentionRows(attention),
    stats: dashboardStats(counts),
    performance: performanceOverview(counts),
    // A new visual changes the URL, so the thumbnail updates as soon as Create Visual returns.
    content: content.map((c) => ({ ...c, thumbnail: `/thumbnails/${c.id}${visuals.has(c.id) ? `?v=${visuals.get(c.id)}` : ""}` })),
    events: events.map((e) => ({
      id: e.id,
      type: e.type,
      user: e.user.name,
      action: e.action,
      target: e.target,
      time: timeAgo(e.createdAt, now),
    })),
  };
}

const STAT_LOOK = {
  drafts: { color: "indigo", icon: <FileText size={20} aria-hidden /> },
  published: { color: "emerald", icon: <Send size={20} aria-hidden /> },
  views: { color: "sky", icon: <Eye size={20} aria-hidden /> },
  activity: { color: "violet", icon: <Activity size={20} aria-hidden /> },
} as const;

export default function Dashboard() {
  const { firstName, createRefusal, attention, stats, performance, content, events } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={`Welcome back, ${firstName}!`} subtitle="Here's what's happening with your content today." />
      <NeedsAttention rows={attention} />
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-4">
        {stats.map((s) => (
          <StatCard key={s.id} {...s} {...STAT_LOOK[s.id]} />
        ))}
      </div>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card
          title="Recent Content"
          className="lg:col-span-2"
          action={
            <Link to="/library" className="inline-flex min-h-6 items-center text-sm font-medium text-indigo-600 hover:underline">
              View all
            </Link>
          }
        >
          {content.length === 0 ? (
            <EmptyState title="Nothing written yet.">
              Start one with New Blog Post, or <NextStep to="/workflow">queue a brief</NextStep> for the agents to draft.
            </EmptyState>
          ) : null}
          <ul className="divide-y divide-slate-100">
            {content.map((item) => (
              <li key={item.id} className="flex items-center justify-between gap-4 py-3">
                <img src={item.thumbnail} alt="" width={64} height={32} className="h-8 w-16 shrink-0 rounded object-cover" />
                <div className="min-w-0 flex-1">
                  <Link to={`/editor?id=${item.id}`} className="block truncate font-medium hover:text-indigo-600">
                    {item.title}
                  </Link>
                  <p className="mt-1 flex items-center gap-2 text-sm text-slate-500">
                    <TypeBadge type={item.type} /> <span>by {item.author}</span>
                  </p>
                </div>
                <div className="flex shrink-0 items-center gap-4">
                  <StatusBadge status={item.status} />
                  <span className="flex w-16 items-center justify-end gap-1 text-sm text-slate-500" title={`${item.views} views`}>
                    <Eye size={14} aria-hidden /> {formatCompact(item.views)}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        </Card>
        <Card title="Quick Actions">
          <QuickActions
            createRefusal={createRefusal}
            recent={content.map(({ id, title, excerpt, type, status }) => ({ id, title, excerpt, type, status }))}
          />
        </Card>
        <Card title="Recent Activity" className="lg:col-span-2">
          <ActivityFeed events={events} />
        </Card>
        <Card title="Performance Overview">
          <dl className="space-y-5">
            {performance.map((p) => (
              <div key={p.label} className="flex flex-wrap justify-between text-sm">
                <dt className="text-slate-600">{p.label}</dt>
                <dd className="font-semibold">{p.value}</dd>
                <dd className="mt-2 h-2 w-full rounded-full bg-slate-100" aria-hidden>
                  <div className="h-2 rounded-full bg-indigo-500" style={{ width: `${Math.round(p.ratio * 100)}%` }} />
                </dd>
                {"note" in p && p.note ? (
                  <dd className="mt-1 w-full text-xs text-slate-500" data-testid="success-rate-note">
                    {p.note}
                  </dd>
                ) : null}
              </div>
            ))}
          </dl>
        </Card>
      </div>
    </div>
  );
}
