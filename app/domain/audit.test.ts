import { describe, expect, it } from "vitest";
import { auditCsvRow, changeText, changedFields, filterQuery, parseAuditFilter } from "./audit";

describe("changedFields", () => {
  it("keeps only what changed, and never a secret's value or a webhook's path", () => {
    const before = { teamName: "Old", utmTagging: true, websiteWebhookSecret: "", websiteWebhookUrl: "" };
    const after = {
      teamName: "New",
      utmTagging: true,
      websiteWebhookSecret: "hunter2-secret",
      websiteWebhookUrl: "https://hooks.example.com/T0/B0/abcdef",
    };
    expect(changedFields(before, after)).toEqual({
      before: { teamName: "Old", websiteWebhookSecret: "not set", websiteWebhookUrl: "" },
      after: { teamName: "New", websiteWebhookSecret: "set", websiteWebhookUrl: "hooks.example.com" },
    });
    expect(changedFields({ a: 1 }, { a: 1 })).toBeNull();
    expect(JSON.stringify(changedFields({ apiKey: "sk-1" }, { apiKey: "sk-2" }))).not.toContain("sk-");
  });
});

describe("the filters", () => {
  it("read the query string, keep the page apart, and refuse a reversed range or an unknown action", () => {
    const parsed = parseAuditFilter(new URLSearchParams("actor=user-1&from=2026-01-01&to=2026-01-31&page=3"));
    expect(parsed.success && parsed.data).toMatchObject({ actor: "user-1", from: "2026-01-01", to: "2026-01-31", page: 3 });
    expect(parsed.success && filterQuery(parsed.data)).toBe("actor=user-1&from=2026-01-01&to=2026-01-31");
    expect(parsed.success && filterQuery(parsed.data, 4)).toBe("actor=user-1&from=2026-01-01&to=2026-01-31&page=4");
    expect(parseAuditFilter(new URLSearchParams("from=2026-02-01&to=2026-01-01")).success).toBe(false);
    expect(parseAuditFilter(new URLSearchParams("action=content.vanished")).success).toBe(false);
    expect(parseAuditFilter(new URLSearchParams("from=yesterday")).success).toBe(false);
  });
});

describe("a row as the screen and the export show it", () => {
  it("labels the action and writes before → after on one line", () => {
    const row = {
      at: new Date("2026-11-27T08:00:00.000Z"),
      actorKind: "member",
      actorName: "Sarah Chen",
      action: "team.role-changed",
      objectType: "member",
      objectTitle: "Priya",
      before: JSON.stringify({ role: "Writer" }),
      after: JSON.stringify({ role: "Editor" }),
    };
    expect(changeText(row)).toBe("role: Writer → Editor");
    expect(changeText({ before: null, after: JSON.stringify({ rows: 2, filters: "none" }) })).toBe("rows: 2; filters: none");
    expect(auditCsvRow(row)).toEqual([
      "2026-11-27T08:00:00.000Z",
      "member",
      "Sarah Chen",
      "Changed a role",
      "member",
      "Priya",
      "role: Writer → Editor",
    ]);
  });
});
