import { Form } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { FieldError, describedBy, errorId } from "~/components/ui/field";
import { primaryButtonSm } from "~/components/settings/settings-reply";
import { CSV_COLUMNS, FIGURES } from "~/domain/platform-metrics";
import { Outcome, errorsOf, replyFor, type WebsiteReply } from "./reply";
import { IdempotencyKeyField } from "~/components/ui/idempotency-key";

/** CSV of figures: upload, preview with each bad row's reason, then import the good rows. */
export function CsvImportCard({ reply }: { reply: WebsiteReply }) {
  const own = replyFor(reply, "csv-preview", "csv-import");
  const preview = own?.ok && own.intent === "csv-preview" ? own : undefined;
  const fileError = errorsOf(own).file;
  return (
    <Card title="Import figures from CSV">
      <p className="text-sm text-slate-600">
        Columns: <code className="break-all">{CSV_COLUMNS.join(",")}</code>. <code>post</code> is a channel post&apos;s id, or the
        network&apos;s id or address for it; <code>day</code> is yyyy-mm-dd, not before the post went out. Figures may carry thousands
        separators (&quot;1,200&quot;). A day already stored is replaced. Nothing is stored before you confirm the preview.
      </p>
      <Form method="post" encType="multipart/form-data" className="mt-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="csv-preview" />
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor="csv-file" className="text-sm font-medium text-slate-700">
            CSV file
          </label>
          <input
            id="csv-file"
            type="file"
            name="file"
            accept=".csv,text/csv"
            required
            aria-invalid={fileError ? true : undefined}
            aria-describedby={describedBy(fileError && errorId("csv-file"))}
            className="mt-2 block w-full text-sm"
          />
          <FieldError field="csv-file" message={fileError} />
        </div>
        <button type="submit" className={primaryButtonSm}>
          Preview
        </button>
      </Form>
      <Outcome reply={own} />
      {own?.errors?.length ? (
        <div className="mt-3">
          <h3 className="text-sm font-semibold text-rose-700">Rows left out</h3>
          <ul className="mt-1 space-y-1 text-sm text-rose-700" data-testid="csv-errors">
            {own.errors.map((e) => (
              <li key={`${e.row}-${e.field ?? ""}`}>
                Line {e.row}: {e.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {preview?.good?.length ? (
        <>
          <div className="relative mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="csv-preview">
              <caption className="sr-only">Rows ready to import</caption>
              <thead className="border-b border-slate-200 text-xs text-slate-500">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Line
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Post
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Item · channel
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Day
                  </th>
                  {FIGURES.map((f) => (
                    <th key={f} scope="col" className="px-3 py-2 text-right font-medium capitalize">
                      {f}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {preview.good.map((row) => (
                  <tr key={row.line}>
                    <td className="py-2 pr-3 tabular-nums">{row.line}</td>
                    <td className="max-w-[10rem] truncate px-3 py-2 font-mono">{row.post}</td>
                    <td className="min-w-[10rem] px-3 py-2">
                      {row.item} · {row.channel}
                    </td>
                    <td className="px-3 py-2">{row.day}</td>
                    {FIGURES.map((f) => (
                      <td key={f} className="px-3 py-2 text-right tabular-nums">
                        {row[f]}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="csv-import" />
            <IdempotencyKeyField />
            <input type="hidden" name="csv" value={preview.csv ?? ""} />
            <button type="submit" className={primaryButtonSm}>
              Import {preview.good.length} good row{preview.good.length === 1 ? "" : "s"}
            </button>
          </Form>
        </>
      ) : null}
    </Card>
  );
}
