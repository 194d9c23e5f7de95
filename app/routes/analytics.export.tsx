import type { LoaderFunctionArgs } from "@remix-run/node";
import { dailyReport, parseRange, RANGE_OPTIONS, toCsv } from "~/domain/analytics-view";
import { isoDay } from "~/domain/dates";
import { analyticsDaily } from "~/models/analytics-view.server";
import { requirePermission } from "~/session.server";

/** CSV report: one row per day of the selected range. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "analytics.export");
  const days = parseRange(new URL(request.url).searchParams.get("range"));
  if (days === null) {
    return new Response(`Unknown range. Use one of: ${RANGE_OPTIONS.join(", ")} (days).`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const now = new Date();
  const csv = toCsv(dailyReport(await analyticsDaily(now, days)));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="analytics-last-${days}-days-${isoDay(now)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
