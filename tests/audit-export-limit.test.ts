// The audit export never cuts a selection short: more rows than it holds is a 400 that says so.
// The ceiling is lowered here (it is 50,000) so the test needs only a few rows.
import { beforeEach, expect, it, vi } from "vitest";
import { prisma } from "~/db/db.server";
import { recordAudit } from "~/models/audit.server";
import { loader as auditCsv } from "~/routes/settings_.audit[.csv]";
import { SAMPLE, cookieFor, freshSeed, get, run } from "./route-helpers";

vi.mock("~/models/audit.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/models/audit.server")>()),
  AUDIT_EXPORT_MAX: 2,
}));

beforeEach(() => freshSeed());

it("refuses an export of more rows than it holds, and exports once the filters narrow it", async () => {
  const actor = { kind: "system", id: null, name: "System" } as const;
  for (const day of ["2026-05-01", "2026-05-02", "2026-05-03"])
    await recordAudit(
      { actor, action: "content.published", object: { type: "content", title: day } },
      undefined,
      new Date(`${day}T09:00:00Z`),
    );
  const cookie = await cookieFor(SAMPLE.Admin);
  const tooMany = await run(auditCsv, get("/settings/audit.csv?from=2026-05-01&to=2026-05-03", cookie));
  expect([tooMany.status, tooMany.body]).toEqual([400, "3 entries match; an export holds at most 2. Narrow the dates and export again."]);
  expect(await prisma.auditEntry.count({ where: { action: "audit.exported" } })).toBe(0);
  const narrowed = await run(auditCsv, get("/settings/audit.csv?from=2026-05-02&to=2026-05-03", cookie));
  expect(narrowed.status).toBe(200);
  expect(String(narrowed.body).trimEnd().split("\r\n")).toHaveLength(3);
});
