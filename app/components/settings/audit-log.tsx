// Settings › Audit log's parts: the filter form (a plain GET), the entries, the pager and the retention.
import { Form } from "@remix-run/react";
import { Download } from "lucide-react";
import { Card } from "~/components/ui/card";
import { FieldError, TextField, describedBy, errorId, inputClass } from "~/components/ui/field";
import { primaryButtonSm, secondaryButton } from "~/components/settings/settings-reply";
import { actionLabel, changeText, filterQuery, type AuditFilter, type AuditRow } from "~/domain/audit";

interface Option {
  value: string;
  label: string;
}

type FilterValues = Record<keyof AuditFilter, string | number | null>;

function SelectField({ name, label, value, options, all }: { name: string; label: string; value: string; options: Option[]; all: string }) {
  return (
    <div className="min-w-0">
      <label htmlFor={`audit-${name}`} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={`audit-${name}`} name={name} defaultValue={value} className={inputClass}>
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Who, what, which object, which days: a GET form, so the filters live in the address and work without scripts. */
export function AuditFilters({
  filter,
  errors,
  actors,
  actions,
  exportQuery,
}: {
  filter: FilterValues;
  errors: Record<string, string>;
  actors: Option[];
  actions: Option[];
  exportQuery: string;
}) {
  const text = (key: keyof AuditFilter) => String(filter[key] ?? "");
  return (
    <Card title="Filter">
      <Form method="get" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5" aria-label="Filter the audit log">
        <SelectField name="actor" label="Who" value={text("actor")} options={actors} all="Anyone" />
        <div className="min-w-0">
          <SelectField name="action" label="What" value={text("action")} options={actions} all="Any action" />
          <FieldError field="audit-action" message={errors.action} />
        </div>
        <TextField
          name="object"
          id="audit-object"
          label="Object"
          defaultValue={text("object")}
          placeholder="Title or id"
          error={errors.object}
          className="min-w-0"
        />
        <TextField
          name="from"
          id="audit-from"
          label="From"
          type="date"
          defaultValue={text("from")}
          error={errors.from}
          className="min-w-0"
        />
        <TextField name="to" id="audit-to" label="To" type="date" defaultValue={text("to")} error={errors.to} className="min-w-0" />
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-5">
          <button type="submit" className={primaryButtonSm}>
            Apply filters
          </button>
          <a href="/settings/audit" className={secondaryButton}>
            Clear
          </a>
          <a
            href={`/settings/audit.csv${exportQuery ? `?${exportQuery}` : ""}`}
            className={`${secondaryButton} inline-flex items-center gap-2`}
            download
          >
            <Download size={16} aria-hidden /> Export CSV
          </a>
        </div>
      </Form>
    </Card>
  );
}

/** An entry as the loader sends it: the log's row with its id, the time as ISO text. */
type Row = AuditRow & { id: string; at: string };

const shown = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

/** The entries, newest first: one block each, so a phone shows them without scrolling sideways. */
export function AuditList({ rows, total }: { rows: Row[]; total: number }) {
  return (
    <Card title={`Entries (${total.toLocaleString("en")})`}>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">No entries match these filters.</p>
      ) : (
        <ul aria-label="Audit entries" className="divide-y divide-slate-100">
          {rows.map((row) => {
            const change = changeText(row);
            return (
              <li key={row.id} className="py-3 text-sm" data-audit-row>
                <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                  <time dateTime={row.at} className="font-mono text-xs text-slate-500">
                    {shown(row.at)}
                  </time>
                  <span className="font-medium" data-cell="actor">
                    {row.actorName}
                  </span>
                  <span className="text-xs text-slate-500" data-cell="actor-kind">
                    {row.actorKind}
                  </span>
                </div>
                <p className="mt-1">
                  <span className="font-semibold" data-cell="action">
                    {actionLabel(row.action)}
                  </span>
                  {" · "}
                  <span className="text-slate-500" data-cell="object-type">
                    {row.objectType}
                  </span>{" "}
                  <span className="break-words" data-cell="object">
                    {row.objectTitle}
                  </span>
                </p>
                {change ? (
                  <p className="mt-1 break-words font-mono text-xs text-slate-600" data-cell="change">
                    {change}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

/** Previous and next pages, with the same filters. */
export function AuditPager({ filter, total, pageSize }: { filter: AuditFilter; total: number; pageSize: number }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(filter.page, pages);
  const link = (to: number) => `/settings/audit?${filterQuery(filter, to)}`;
  if (pages === 1) return null;
  return (
    <nav aria-label="Audit log pages" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <a href={link(page - 1)} className={secondaryButton} rel="prev">
          Previous page
        </a>
      ) : (
        <span />
      )}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <a href={link(page + 1)} className={secondaryButton} rel="next">
          Next page
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

type Reply =
  { ok: boolean; intent?: string; message?: string; formError?: string | null; fieldErrors?: Record<string, string> } | undefined;

/** How long rows are kept; the hourly job deletes older ones. */
export function RetentionForm({ days, reply }: { days: number; reply: Reply }) {
  const mine = reply?.intent === "head-webhook" ? undefined : reply;
  const error = mine && !mine.ok ? mine.fieldErrors?.retentionDays : undefined;
  const message = mine ? (mine.ok ? mine.message : mine.formError) : null;
  return (
    <Card title="Retention">
      <Form method="post" className="flex flex-wrap items-end gap-3" noValidate>
        <input type="hidden" name="intent" value="retention" />
        <div className="min-w-0 basis-48">
          <label htmlFor="retentionDays" className="text-sm font-medium text-slate-700">
            Keep entries for (days)
          </label>
          <input
            id="retentionDays"
            name="retentionDays"
            type="number"
            inputMode="numeric"
            min={30}
            max={3650}
            defaultValue={days}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy("retention-hint", error && errorId("retentionDays"))}
            className={inputClass}
          />
        </div>
        <button type="submit" className={`${primaryButtonSm} mb-0.5`}>
          Save retention
        </button>
      </Form>
      <p id="retention-hint" className="mt-2 text-xs text-slate-500">
        From 30 to 3,650 days. Older entries are deleted once an hour; nothing else can delete or change one.
      </p>
      <FieldError field="retentionDays" message={error} />
      {message ? (
        <p role={mine?.ok ? "status" : "alert"} className={`mt-2 text-sm font-medium ${mine?.ok ? "text-emerald-700" : "text-rose-600"}`}>
          {message}
        </p>
      ) : null}
    </Card>
  );
}
