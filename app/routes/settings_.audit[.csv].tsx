// /settings/audit.csv: the audit log with the list's filters, as CSV (Admins only). Cells are
// neutralised against spreadsheet formulas as the analytics export's are; the export is itself logged.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { AUDIT_CSV_HEADER, auditCsvRow, filterQuery, memberActor, parseAuditFilter } from "~/domain/audit";
import { toCsv } from "~/domain/report-csv";
import { exportAuditEntries, recordAudit } from "~/models/audit.server";
import { requirePermission } from "~/web/authorize.server";
import { requireUser } from "~/web/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  requirePermission(user, "audit.view");
  const parsed = parseAuditFilter(new URL(request.url).searchParams);
  if (!parsed.success)
    return new Response(parsed.error.issues[0].message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const rows = await exportAuditEntries(parsed.data);
  const csv = toCsv([AUDIT_CSV_HEADER, ...rows.map(auditCsvRow)]);
  await recordAudit({
    actor: memberActor(user),
    action: "audit.exported",
    object: { type: "audit-log", title: "Audit log" },
    after: { filters: filterQuery(parsed.data) || "none", rows: rows.length },
  });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
