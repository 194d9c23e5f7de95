// Issue 37's audit log (decision 043): rows cannot be changed or deleted (the database refuses), the
// retention job deletes only rows past the retention, an item's rows outlive it, and Settings › Audit
// log with its CSV export is for Admins, filtered and paged on the server, safe to open in a spreadsheet.
import { thisWorkspace } from "~/db/workspace-keys.server";
import Papa from "papaparse";
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import type { AuditActor } from "~/domain/audit";
import { pruneAuditLog, recordAudit } from "~/models/audit.server";
import { action as auditAction, loader as auditPage } from "~/routes/settings_.audit/route";
import { loader as auditCsv } from "~/routes/settings_.audit[.csv]";
import { action as libraryAction } from "~/routes/library/route";
import { SAMPLE, cookieFor, freshSeed, get, post, run } from "./route-helpers";

beforeEach(() => freshSeed());

const DAY = 86_400_000;
const actor: AuditActor = { kind: "member", id: SAMPLE.Editor, name: "Marcus Editor" };

async function entry(title: string, at = new Date(), action: "content.created" | "content.deleted" = "content.created", who = actor) {
  await recordAudit({ actor: who, action, object: { type: "content", id: `id-${title}`, title } }, undefined, at);
  return prisma.auditEntry.findFirstOrThrow({ where: { objectTitle: title }, orderBy: { at: "desc" } });
}

describe("the table is append-only", () => {
  it("refuses UPDATE, through Prisma and in raw SQL", async () => {
    const row = await entry("Kept as written");
    await expect(prisma.auditEntry.update({ where: { id: row.id }, data: { actorName: "Someone else" } })).rejects.toThrow(/append-only/);
    await expect(prisma.$executeRawUnsafe(`UPDATE "AuditEntry" SET "action" = 'x'`)).rejects.toThrow(/append-only/);
    expect((await prisma.auditEntry.findUniqueOrThrow({ where: { id: row.id } })).actorName).toBe(actor.name);
  });

  it("refuses DELETE of a row inside the retention, through Prisma and in raw SQL", async () => {
    const row = await entry("Not to be removed", new Date(Date.now() - 364 * DAY));
    // Prisma words the trigger's refusal of its delete as a constraint failure; raw SQL shows the trigger's own words.
    await expect(prisma.auditEntry.delete({ where: { id: row.id } })).rejects.toThrow();
    await expect(prisma.auditEntry.deleteMany({})).rejects.toThrow();
    await expect(prisma.$executeRawUnsafe(`DELETE FROM "AuditEntry"`)).rejects.toThrow(/append-only/);
    expect(await prisma.auditEntry.count({ where: { id: row.id } })).toBe(1);
  });

  it("lets the retention job delete rows past the retention, and only those", async () => {
    const old = await entry("Past retention", new Date(Date.now() - 366 * DAY));
    const young = await entry("Within retention", new Date(Date.now() - 300 * DAY));
    expect(await pruneAuditLog(new Date())).toBe(1);
    expect(await prisma.auditEntry.count({ where: { id: old.id } })).toBe(0);
    expect(await prisma.auditEntry.count({ where: { id: young.id } })).toBe(1);
  });

  it("never lets the retention fall under 30 days, even when the setting is lower", async () => {
    await prisma.settings.update({ where: thisWorkspace(), data: { auditRetentionDays: 1 } });
    const row = await entry("Twenty days old", new Date(Date.now() - 20 * DAY));
    await expect(prisma.$executeRaw`DELETE FROM "AuditEntry" WHERE "id" = ${row.id}`).rejects.toThrow(/append-only/);
    expect(await pruneAuditLog(new Date())).toBe(0);
    expect(await prisma.auditEntry.count({ where: { id: row.id } })).toBe(1);
  });

  it("keeps an item's rows when the item is deleted", async () => {
    const item = await prisma.contentItem.create({ data: { title: "Short-lived", type: "blog", authorId: SAMPLE.Editor } });
    const cookie = await cookieFor(SAMPLE.Admin);
    expect((await run(libraryAction, post("/library", { intent: "delete", id: item.id }, cookie))).status).toBe(200);
    expect(await prisma.contentItem.count({ where: { id: item.id } })).toBe(0);
    const rows = await prisma.auditEntry.findMany({ where: { objectId: item.id } });
    expect(rows.map((r) => [r.action, r.objectTitle, r.actorId])).toEqual([["content.deleted", "Short-lived", SAMPLE.Admin]]);
  });
});

type Page = { rows: { objectTitle: string; actorName: string; action: string }[]; total: number; errors: Record<string, string> };
const open = async (query: string, userId: string = SAMPLE.Admin) => {
  const outcome = await run(auditPage, get(`/settings/audit${query}`, await cookieFor(userId)));
  return { status: outcome.status, page: outcome.body as Page };
};

describe("Settings › Audit log", () => {
  it("is for Admins only: 403 for every other role, on the page, the export and the retention form", async () => {
    for (const role of ["Editor", "Writer", "Analyst"] as const) {
      const cookie = await cookieFor(SAMPLE[role]);
      expect((await run(auditPage, get("/settings/audit", cookie))).status, role).toBe(403);
      expect((await run(auditCsv, get("/settings/audit.csv", cookie))).status, role).toBe(403);
      const saved = await run(auditAction, post("/settings/audit", { intent: "retention", retentionDays: "30" }, cookie));
      expect(saved.status, role).toBe(403);
    }
    expect(await prisma.auditEntry.count({ where: { action: "audit.exported" } })).toBe(0);
    expect((await prisma.settings.findUniqueOrThrow({ where: thisWorkspace() })).auditRetentionDays).toBe(365);
    expect((await open("")).status).toBe(200);
  });

  it("filters by who, what, object and dates, on the server", async () => {
    const writer: AuditActor = { kind: "member", id: SAMPLE.Writer, name: "Priya Writer" };
    await entry("Spring launch", new Date("2026-03-02T10:00:00Z"));
    await entry("Spring launch recap", new Date("2026-03-05T10:00:00Z"), "content.deleted", writer);
    await entry("Autumn notes", new Date("2026-09-01T10:00:00Z"), "content.created", writer);
    const titles = async (query: string) => (await open(query)).page.rows.map((r) => r.objectTitle);
    expect(await titles(`?actor=${SAMPLE.Writer}`)).toEqual(["Autumn notes", "Spring launch recap"]);
    expect(await titles("?action=content.deleted")).toEqual(["Spring launch recap"]);
    expect(await titles("?object=Spring")).toEqual(["Spring launch recap", "Spring launch"]);
    expect(await titles("?from=2026-03-01&to=2026-03-04")).toEqual(["Spring launch"]);
    expect(await titles(`?actor=${SAMPLE.Writer}&from=2026-03-05&to=2026-03-05`)).toEqual(["Spring launch recap"]);
    await entry("Sent by the system", new Date("2026-03-06T10:00:00Z"), "content.created", { kind: "system", id: null, name: "System" });
    expect(await titles("?actor=system")).toEqual(["Sent by the system"]);
  });

  it("pages on the server, 50 rows a page, newest first", async () => {
    const start = Date.parse("2026-01-01T00:00:00Z");
    for (let i = 0; i < 53; i++) await entry(`Item ${String(i).padStart(2, "0")}`, new Date(start + i * 60_000));
    const first = await open("?object=Item");
    expect(first.page.total).toBe(53);
    expect(first.page.rows).toHaveLength(50);
    expect(first.page.rows[0].objectTitle).toBe("Item 52");
    const second = await open("?object=Item&page=2");
    expect(second.page.rows.map((r) => r.objectTitle)).toEqual(["Item 02", "Item 01", "Item 00"]);
  });

  it("answers 400 with the message beside the field for a bad date range or action", async () => {
    const reversed = await open("?from=2026-03-05&to=2026-03-01");
    expect(reversed.status).toBe(400);
    expect(reversed.page.errors.to).toMatch(/start date is after the end date/);
    const unknown = await open("?action=content.vanished");
    expect(unknown.status).toBe(400);
    expect(unknown.page.errors.action).toMatch(/Choose an action/);
  });

  it("changes the retention (30 to 3,650 days) and records the change with before and after", async () => {
    const cookie = await cookieFor(SAMPLE.Admin);
    const tooShort = await run(auditAction, post("/settings/audit", { intent: "retention", retentionDays: "7" }, cookie));
    expect(tooShort.status).toBe(400);
    expect((tooShort.body as { fieldErrors: Record<string, string> }).fieldErrors.retentionDays).toMatch(/at least 30 days/);
    const saved = await run(auditAction, post("/settings/audit", { intent: "retention", retentionDays: "90" }, cookie));
    expect(saved.status).toBe(200);
    expect((await prisma.settings.findUniqueOrThrow({ where: thisWorkspace() })).auditRetentionDays).toBe(90);
    const row = await prisma.auditEntry.findFirstOrThrow({ where: { action: "settings.changed" } });
    expect([row.actorId, JSON.parse(row.before!), JSON.parse(row.after!)]).toEqual([
      SAMPLE.Admin,
      { auditRetentionDays: 365 },
      { auditRetentionDays: 90 },
    ]);
  });
});

describe("/settings/audit.csv", () => {
  const exportCsv = async (query: string) => {
    const outcome = await run(auditCsv, get(`/settings/audit.csv${query}`, await cookieFor(SAMPLE.Admin)));
    expect(outcome.status).toBe(200);
    expect(outcome.headers.get("Content-Type")).toMatch(/text\/csv/);
    return Papa.parse<string[]>(String(outcome.body).trimEnd()).data;
  };

  it("exports the same rows as the screen, with the same filters", async () => {
    await entry("On screen", new Date("2026-04-01T08:00:00Z"));
    await entry("Filtered out", new Date("2026-04-01T09:00:00Z"), "content.deleted");
    const screen = (await open("?action=content.created&from=2026-04-01&to=2026-04-01")).page.rows;
    const [header, ...rows] = await exportCsv("?action=content.created&from=2026-04-01&to=2026-04-01");
    expect(header[0]).toBe("when (UTC)");
    expect(rows.map((r) => [r[2], r[3], r[5]])).toEqual(screen.map((r) => [r.actorName, "Created content", r.objectTitle]));
    expect(rows.map((r) => r[5])).toEqual(["On screen"]);
  });

  it("neutralises cells a spreadsheet would run as formulas, as the analytics export does", async () => {
    await entry('=HYPERLINK("http://evil.test","x")', new Date("2026-04-02T08:00:00Z"));
    await entry("+1-555 call", new Date("2026-04-02T08:01:00Z"), "content.created", { ...actor, name: "@SUM(A1)" });
    const rows = (await exportCsv("?from=2026-04-02&to=2026-04-02")).slice(1);
    expect(rows.map((r) => r[5])).toEqual(["'+1-555 call", `'=HYPERLINK("http://evil.test","x")`]);
    expect(rows[0][2]).toBe("'@SUM(A1)");
  });

  it("records the export itself, once, with its filters", async () => {
    await exportCsv("?action=content.created");
    const rows = await prisma.auditEntry.findMany({ where: { action: "audit.exported" } });
    expect(rows.map((r) => [r.actorId, JSON.parse(r.after!).filters])).toEqual([[SAMPLE.Admin, "action=content.created"]]);
  });
});
