// /settings/audit.csv: the audit log with the list's filters, as CSV (Admins only). Cells are
// neutralised against spreadsheet formulas as the analytics export's are; the export is itself logged.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { AUDIT_CSV_HEADER, auditCsvRow, filterQuery, memberActor, parseAuditFilter } from "~/domain/audit";
import { toCsv } from "~/domain/report-csv";
import { AUDIT_EXPORT_MAX, exportAuditEntries, recordAudit } from "~/models/audit.server";
import { authorize } from "~/web/authorize.server";
import { requireUser } from "~/web/session.server";

const text = (body: string, status: number) => new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  authorize(user, "audit.view");
  const parsed = parseAuditFilter(new URL(request.url).searchParams);
  if (!parsed.success) return text(parsed.error.issues[0].message, 400);
  const exported = await exportAuditEntries(parsed.data, AUDIT_EXPORT_MAX);
  if (!exported.ok)
    return text(
      `${exported.total.toLocaleString("en")} entries match; an export holds at most ${AUDIT_EXPORT_MAX.toLocaleString("en")}. Narrow the dates and export again.`,
      400,
    );
  const { rows } = exported;
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
