// The audit log's guards on PostgreSQL (decision 043's triggers, twinned in the PostgreSQL migration):
// no row can be changed, only rows past the retention can be deleted. Skipped, saying why, without
// a reachable PostgreSQL (tests/postgres.ts).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshPostgresDatabase, postgresUnavailable } from "./postgres";

const unavailable = await postgresUnavailable();

describe.skipIf(unavailable !== null)(`the audit log on PostgreSQL${unavailable ? ` (skipped: ${unavailable})` : ""}`, () => {
  let database: { url: string; drop: () => Promise<void> };
  let client: pg.Client;
  const insert = (id: string, daysAgo: number) =>
    client.query(
      `INSERT INTO "AuditEntry" ("id", "at", "actorKind", "actorName", "action", "objectType")
       VALUES ($1, CURRENT_TIMESTAMP - make_interval(days => $2), 'system', 'Studio', 'settings.changed', 'settings')`,
      [id, daysAgo],
    );
  beforeAll(async () => {
    database = await freshPostgresDatabase();
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await database.drop();
  });

  it("refuses to change a row", async () => {
    await insert("a-new", 1);
    await expect(client.query(`UPDATE "AuditEntry" SET "actorName" = 'Someone else' WHERE "id" = 'a-new'`)).rejects.toThrow(/append-only/);
  });

  it("refuses to delete a row younger than the retention (365 days without a team), and deletes one past it", async () => {
    await insert("b-young", 364);
    await insert("b-old", 366);
    await expect(client.query(`DELETE FROM "AuditEntry" WHERE "id" = 'b-young'`)).rejects.toThrow(/append-only/);
    await client.query(`DELETE FROM "AuditEntry" WHERE "id" = 'b-old'`);
    const left = await client.query(`SELECT "id" FROM "AuditEntry" WHERE "id" LIKE 'b-%'`);
    expect(left.rows.map((r) => r.id)).toEqual(["b-young"]);
  });
});
