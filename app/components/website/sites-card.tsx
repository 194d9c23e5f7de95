import { Form } from "@remix-run/react";
import { TextField } from "~/components/ui/field";
import { Card } from "~/components/ui/card";
import { primaryButtonSm, secondaryButton } from "~/components/settings/settings-reply";
import { formatCompact } from "~/domain/format";
import { Outcome, errorsOf, replyFor, type WebsiteReply } from "./reply";
import { IdempotencyKeyField } from "~/components/ui/idempotency-key";

interface SitesData {
  allowed: boolean;
  sites: { id: string; origin: string }[];
  options: { respectDoNotTrack: boolean; retentionDays: number };
  snippet: string;
  pages: { url: string; views: number }[];
  today: { views: number; visitors: number };
}

const counted = (n: number, noun: string) => `${formatCompact(n)} ${noun}${n === 1 ? "" : "s"}`;

/** Registered origins, the snippet, the tracker's options and what it saw. */
export function SitesCard({ data, reply }: { data: SitesData; reply: WebsiteReply }) {
  const siteReply = replyFor(reply, "add-site", "remove-site");
  const optionsReply = replyFor(reply, "tracker-options");
  const errors = { ...errorsOf(siteReply), ...errorsOf(optionsReply) };
  return (
    <Card title="Website tracker">
      <p className="text-sm text-slate-600">
        Counts page views and reading time without cookies or storage, and stores no address or browser: visitors are counted with a hash
        whose salt changes every day. Pages count for the item published at their URL, or named by a <code>data-content</code> attribute
        (the item&apos;s id or slug); other pages are counted as unassigned.
      </p>
      <p className="mt-3 text-sm text-slate-700" data-testid="traffic-today">
        Today: {counted(data.today.views, "view")} from {counted(data.today.visitors, "visitor")}.
      </p>

      <h3 className="mt-6 text-base font-semibold">Sites</h3>
      {data.sites.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No site registered: the tracker accepts no events yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
          {data.sites.map((site) => (
            <li key={site.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span className="break-all font-mono">{site.origin}</span>
              {data.allowed ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-site" />
                  <input type="hidden" name="id" value={site.id} />
                  <button type="submit" className={secondaryButton} aria-label={`Remove ${site.origin}`}>
                    Remove
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {data.allowed ? (
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="add-site" />
          <IdempotencyKeyField renewOn={siteReply?.ok ? siteReply : null} />
          <TextField
            name="origin"
            label="Site origin"
            placeholder="https://www.example.com"
            hint="Scheme and host (and port), no path."
            error={errors.origin}
            className="min-w-0 flex-1 basis-64"
            required
          />
          <button type="submit" className={`${primaryButtonSm} mb-6`}>
            Add site
          </button>
        </Form>
      ) : null}
      <Outcome reply={siteReply} />

      <h3 className="mt-6 text-base font-semibold">Snippet</h3>
      <label htmlFor="tracker-snippet" className="mt-1 block text-sm text-slate-600">
        Paste it into every page of the registered sites, at the start of <code>&lt;body&gt;</code>.
      </label>
      <textarea
        id="tracker-snippet"
        readOnly
        rows={3}
        value={data.snippet}
        className="mt-2 block w-full rounded-lg border border-slate-300 bg-slate-50 p-3 font-mono text-xs"
      />

      {data.allowed ? (
        <Form method="post" className="mt-6 space-y-3">
          <input type="hidden" name="intent" value="tracker-options" />
          <h3 className="text-base font-semibold">Options</h3>
          <div className="flex items-start gap-3">
            <input
              id="respectDoNotTrack"
              type="checkbox"
              name="respectDoNotTrack"
              defaultChecked={data.options.respectDoNotTrack}
              className="mt-1 h-4 w-4"
            />
            <label htmlFor="respectDoNotTrack" className="text-sm">
              Respect Do Not Track and Global Privacy Control (browsers that send them are not counted)
            </label>
          </div>
          <TextField
            name="retentionDays"
            label="Keep raw events (days)"
            type="number"
            min={7}
            max={730}
            defaultValue={data.options.retentionDays}
            hint="Daily figures are kept; only the raw events are deleted after this."
            error={errors.retentionDays}
            className="max-w-xs"
          />
          <button type="submit" className={primaryButtonSm}>
            Save options
          </button>
          <Outcome reply={optionsReply} />
        </Form>
      ) : null}

      <h3 className="mt-6 text-base font-semibold">Unassigned pages, last 30 days</h3>
      {data.pages.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">Every tracked page matched an item.</p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm">
          {data.pages.map((p) => (
            <li key={p.url} className="flex justify-between gap-3">
              <span className="break-all font-mono">{p.url}</span>
              <span className="tabular-nums">{formatCompact(p.views)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
