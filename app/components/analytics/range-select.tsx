import { Form, useSubmit } from "@remix-run/react";
import { CalendarDays } from "lucide-react";
import { useState } from "react";
import { PRESET_DAYS, presetLabel, type RangeField } from "~/domain/analytics-range";
import { FieldError, errorId } from "~/components/ui/field";

export interface RangeFormValues {
  range: string;
  from: string;
  to: string;
}

const inputClass =
  "rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-700 shadow-sm focus:outline-none focus:ring-2 focus:ring-indigo-500 aria-[invalid=true]:border-rose-500";

/**
 * The date range, kept in the URL: a preset applies as soon as it is picked; "Custom range" shows
 * two dates and an Apply button. A refused range keeps what was typed, with the message beside it.
 */
export function RangeSelect({ values, error }: { values: RangeFormValues; error?: { field: RangeField; message: string } }) {
  const submit = useSubmit();
  const [kind, setKind] = useState(values.range);
  const custom = kind === "custom";
  const invalid = (field: RangeField) => (error?.field === field ? true : undefined);
  return (
    <Form method="get" className="flex flex-wrap items-start gap-2" key={`${values.range}:${values.from}:${values.to}`}>
      <div className="relative flex items-center">
        <CalendarDays size={16} aria-hidden className="pointer-events-none absolute left-3 text-slate-500" />
        <select
          name="range"
          aria-label="Date range"
          value={kind}
          aria-invalid={invalid("range")}
          aria-describedby={error?.field === "range" ? errorId("range") : undefined}
          onChange={(e) => {
            setKind(e.target.value);
            if (e.target.value !== "custom") submit(e.target.form, { preventScrollReset: true });
          }}
          className={`cursor-pointer appearance-none py-2 pl-9 pr-8 font-medium ${inputClass}`}
        >
          {PRESET_DAYS.map((days) => (
            <option key={days} value={days}>
              {presetLabel(days)}
            </option>
          ))}
          <option value="custom">Custom range</option>
        </select>
        <span aria-hidden className="pointer-events-none absolute right-3 text-xs text-slate-500">
          ▾
        </span>
      </div>
      {custom ? (
        <>
          <label className="flex items-center gap-1.5 text-sm text-slate-600">
            From
            <input
              type="date"
              name="from"
              defaultValue={values.from}
              aria-invalid={invalid("from")}
              aria-describedby={error?.field === "from" ? errorId("from") : undefined}
              className={inputClass}
            />
          </label>
          <label className="flex items-center gap-1.5 text-sm text-slate-600">
            To
            <input
              type="date"
              name="to"
              defaultValue={values.to}
              aria-invalid={invalid("to")}
              aria-describedby={error?.field === "to" ? errorId("to") : undefined}
              className={inputClass}
            />
          </label>
        </>
      ) : null}
      {custom ? (
        <button
          type="submit"
          className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50"
        >
          Apply
        </button>
      ) : (
        <noscript>
          <button type="submit" className="rounded-lg border border-slate-200 px-3 py-2 text-sm">
            Apply
          </button>
        </noscript>
      )}
      {error ? (
        <div role="alert" className="basis-full">
          <FieldError field={error.field} message={error.message} />
        </div>
      ) : null}
    </Form>
  );
}
