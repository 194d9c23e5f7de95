import { Card } from "~/components/ui/card";

interface Delivery {
  id: string;
  integrationId: string;
  channel: string;
  status: string;
  title: string;
  at: string;
}

/** What the Publisher delivered: webhook posts, and outbox rows for integrations without a webhook. */
export function OutboxList({ rows }: { rows: Delivery[] }) {
  return (
    <Card title="Publisher outbox">
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">Nothing published by the workflow yet.</p>
      ) : (
        <ul className="space-y-2 text-sm" aria-label="Publisher deliveries">
          {rows.map((row) => (
            <li key={row.id} data-testid="delivery" className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="truncate font-medium">{row.title}</p>
                <p className="text-xs capitalize text-slate-500">
                  {row.integrationId} · {row.channel === "webhook" ? "sent to webhook" : "kept in the outbox"} · {row.at}
                </p>
              </div>
              <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">{row.status}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
