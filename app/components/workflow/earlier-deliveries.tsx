import { Card } from "~/components/ui/card";

interface Delivery {
  id: string;
  network: string;
  /** "webhook": a receiver took the article; "outbox": kept here, never posted anywhere. */
  channel: string;
  title: string;
  at: string;
}

/**
 * What the Publisher sent before it published like the editor (decision 055): read-only history, shown
 * only to a team that has some. What the workflow publishes now is each item's channel posts.
 */
export function EarlierDeliveries({ rows }: { rows: Delivery[] }) {
  if (rows.length === 0) return null;
  return (
    <Card title="Sent by an earlier version">
      <p className="mb-3 text-xs text-slate-500">
        Before channel posts, the Publisher sent whole articles to webhooks or kept them in an outbox. Items it publishes now show their
        posts in the editor&apos;s Channels panel.
      </p>
      <ul className="space-y-2 text-sm" aria-label="Earlier Publisher deliveries">
        {rows.map((row) => (
          <li key={row.id} data-testid="delivery" className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="truncate font-medium">{row.title}</p>
              <p className="text-xs text-slate-500">
                {row.network} · {row.channel === "webhook" ? "sent to its webhook" : "kept in the outbox, never posted"} · {row.at}
              </p>
            </div>
            <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
              {row.channel === "webhook" ? "Sent" : "Not posted"}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
