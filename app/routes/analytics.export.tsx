import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseAnalyticsRange } from "~/domain/analytics-range";
import { dailyReport, itemReport, toCsv } from "~/domain/report-csv";
import { memberActor } from "~/domain/audit";
import { analyticsExport } from "~/models/analytics-view.server";
import { recordAudit } from "~/models/audit.server";
import { authorize } from "~/web/authorize.server";
import { requireUser } from "~/web/session.server";

const text = (body: string, status: number) => new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** CSV report of the selected range: ?rows=days (one row per day, the default) or ?rows=items (one per item). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  authorize(user, "analytics.export");
  const params = new URL(request.url).searchParams;
  const parsed = parseAnalyticsRange(params, new Date());
  if (!parsed.ok) return text(parsed.message, 400);
  const rows = params.get("rows") ?? "days";
  if (rows !== "days" && rows !== "items") return text(`Unknown report "${rows}". Use rows=days or rows=items.`, 400);
  const { range } = parsed;
  const { daily, items } = await analyticsExport(range);
  const csv = toCsv(rows === "days" ? dailyReport(daily) : itemReport(items));
  // An export is recorded (issue 37): who took which figures out of the studio.
  await recordAudit({
    actor: memberActor(user),
    action: "analytics.exported",
    object: { type: "analytics", title: `${rows} report` },
    after: { range },
  });
  const name = range.preset === "custom" ? `${range.from}-to-${range.to}` : `last-${range.preset}-days-${range.to}`;
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="analytics-${rows === "days" ? "daily" : "items"}-${name}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
