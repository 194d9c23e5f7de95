import { CalendarClock, MessageSquare, Pencil, Send, Users } from "lucide-react";
import { Avatar } from "~/components/ui/avatar";
import { EmptyState, NextStep } from "~/components/ui/empty-state";

const ICONS = { edit: Pencil, comment: MessageSquare, publish: Send, collaborate: Users, schedule: CalendarClock } as const;

export interface FeedEvent {
  id: string;
  type: string;
  user: string;
  action: string;
  target: string;
  time: string;
}

export function ActivityFeed({ events }: { events: FeedEvent[] }) {
  if (events.length === 0)
    return (
      <EmptyState title="No activity yet.">
        It fills as the team writes, reviews and publishes: <NextStep to="/library">open the Content Library</NextStep>.
      </EmptyState>
    );
  return (
    <ul className="space-y-4" data-testid="activity-feed">
      {events.map((e) => {
        const Icon = ICONS[e.type as keyof typeof ICONS] ?? Pencil;
        return (
          <li key={e.id} className="flex items-start gap-3" data-type={e.type}>
            <Avatar name={e.user} size="sm" />
            <div className="min-w-0 flex-1 text-sm">
              <p>
                <span className="font-semibold">{e.user}</span> {e.action} <span className="font-medium text-indigo-700">{e.target}</span>
              </p>
              <p className="mt-0.5 flex items-center gap-1 text-xs text-slate-500">
                <Icon size={12} aria-hidden /> {e.time}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
