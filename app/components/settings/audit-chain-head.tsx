// Settings › Audit log's hash chain (decision 075): the head to write down (hash, entry count, when),
// and the address it is posted to once a day. A plain form: works without scripts.
import { Form } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { FieldError, describedBy, errorId, inputClass } from "~/components/ui/field";
import { primaryButtonSm } from "~/components/settings/settings-reply";

export interface HeadView {
  seq: number;
  hash: string;
  count: number;
  at: string | null;
}

type Reply =
  { ok: boolean; intent?: string; message?: string; formError?: string | null; fieldErrors?: Record<string, string> } | undefined;

const shown = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

export function ChainHeadCard({ head, webhookUrl, reply }: { head: HeadView; webhookUrl: string; reply: Reply }) {
  const mine = reply?.intent === "head-webhook" ? reply : undefined;
  const error = mine && !mine.ok ? mine.fieldErrors?.auditHeadWebhookUrl : undefined;
  const message = mine ? (mine.ok ? mine.message : mine.formError) : null;
  return (
    <Card title="Chain head">
      <p className="text-sm text-slate-600">
        Each entry carries the hash of the one before it. Write this head down somewhere else: if anyone changes, removes or inserts an
        entry up to here, <code className="font-mono text-xs">npm run audit:verify</code> names it.
      </p>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
        <dt className="font-medium text-slate-700">Hash</dt>
        <dd className="break-all font-mono text-xs text-slate-900" data-testid="chain-head-hash">
          {head.hash}
        </dd>
        <dt className="font-medium text-slate-700">Entries</dt>
        <dd className="text-slate-900">
          {head.count.toLocaleString("en")} <span className="text-slate-500">(last is #{head.seq.toLocaleString("en")})</span>
        </dd>
        <dt className="font-medium text-slate-700">As of</dt>
        <dd className="text-slate-900">
          {head.at ? (
            <time dateTime={head.at} className="font-mono text-xs">
              {shown(head.at)}
            </time>
          ) : (
            "No entry yet"
          )}
        </dd>
      </dl>
      <Form method="post" className="mt-6 flex flex-wrap items-end gap-3" noValidate>
        <input type="hidden" name="intent" value="head-webhook" />
        <div className="min-w-0 flex-1 basis-72">
          <label htmlFor="auditHeadWebhookUrl" className="text-sm font-medium text-slate-700">
            Daily webhook for the chain head
          </label>
          <input
            id="auditHeadWebhookUrl"
            name="auditHeadWebhookUrl"
            type="url"
            inputMode="url"
            placeholder="https://hooks.example.com/audit-head"
            defaultValue={webhookUrl}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy("head-webhook-hint", error && errorId("auditHeadWebhookUrl"))}
            className={inputClass}
          />
        </div>
        <button type="submit" className={`${primaryButtonSm} mb-0.5`}>
          Save webhook
        </button>
      </Form>
      <p id="head-webhook-hint" className="mt-2 text-xs text-slate-500">
        Where the head is sent once a day (UTC), as JSON: an https address outside your network. Leave blank to stop.
      </p>
      <FieldError field="auditHeadWebhookUrl" message={error} />
      {message ? (
        <p role={mine?.ok ? "status" : "alert"} className={`mt-2 text-sm font-medium ${mine?.ok ? "text-emerald-700" : "text-rose-600"}`}>
          {message}
        </p>
      ) : null}
    </Card>
  );
}
