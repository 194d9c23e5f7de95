import { Form, useSubmit } from "@remix-run/react";
import { CalendarDays } from "lucide-react";
import { RANGE_OPTIONS, rangeLabel } from "~/domain/analytics-view";

/** Date range picker kept in the URL (?range=30); submits on change, or with the button without JS. */
export function RangeSelect({ value }: { value: number }) {
  const submit = useSubmit();
  return (
    <Form method="get" className="relative flex items-center" onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}>
      <CalendarDays size={16} aria-hidden className="pointer-events-none absolute left-3 text-slate-500" />
      <select
        name="range"
        aria-label="Date range"
        defaultValue={String(value)}
        key={value}
        className="cursor-pointer appearance-none rounded-lg border border-slate-200 bg-white py-2 pl-9 pr-8 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus:outline-none focus:ring-2 focus:ring-indigo-500"
      >
        {RANGE_OPTIONS.map((days) => (
          <option key={days} value={days}>
            {rangeLabel(days)}
          </option>
        ))}
      </select>
      <span aria-hidden className="pointer-events-none absolute right-3 text-xs text-slate-500">▾</span>
      <noscript>
        <button type="submit" className="ml-2 rounded-lg border border-slate-200 px-3 py-2 text-sm">Apply</button>
      </noscript>
    </Form>
  );
}
