// The two Prisma schemas describe the same models (decision 046): prisma/postgresql/schema.prisma is
// what scripts/postgres-schema.mjs writes from prisma/schema.prisma, and the two generated clients
// know the same models and fields.
import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { Prisma } from "@prisma/client";
import { POSTGRES_SCHEMA, SQLITE_SCHEMA, toPostgresSchema } from "../scripts/postgres-schema.mjs";

type Model = { readonly name: string; readonly fields: readonly { readonly name: string; readonly kind: string; readonly type: string }[] };
const shape = (models: readonly Model[]) =>
  Object.fromEntries(models.map((m) => [m.name, m.fields.map((f) => `${f.name}: ${f.kind} ${f.type}`).sort()]));

describe("the PostgreSQL schema", () => {
  it("is the SQLite schema with only the provider and the client's output changed", () => {
    const sqlite = fs.readFileSync(SQLITE_SCHEMA, "utf8");
    expect(fs.readFileSync(POSTGRES_SCHEMA, "utf8"), "run node scripts/postgres-schema.mjs").toBe(toPostgresSchema(sqlite));
    const models = (text: string) => text.slice(text.indexOf("\nmodel "));
    expect(models(fs.readFileSync(POSTGRES_SCHEMA, "utf8"))).toBe(models(sqlite));
    expect(fs.readFileSync(POSTGRES_SCHEMA, "utf8")).toMatch(/provider = "postgresql"/);
  });

  it("generates a client with the same models and fields as the SQLite client", () => {
    const pg = createRequire(import.meta.url)(".prisma/client-pg") as { Prisma: typeof Prisma };
    const sqliteModels = shape(Prisma.dmmf.datamodel.models);
    expect(Object.keys(sqliteModels).length).toBeGreaterThan(40);
    expect(shape(pg.Prisma.dmmf.datamodel.models), "run npx prisma generate --schema prisma/postgresql/schema.prisma").toEqual(
      sqliteModels,
    );
  });

  it("refuses a native type it has no PostgreSQL mapping for", () => {
    const sqlite = fs.readFileSync(SQLITE_SCHEMA, "utf8").replace("  name         String\n", "  name         String @db.Text\n");
    expect(() => toPostgresSchema(sqlite)).toThrow(/native type/);
  });
});
