import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { dataDirectory } from "~/db/db-settings.server";
import { engineOf } from "~/db/engine.server";

describe("DATABASE_URL chooses the engine (decision 046)", () => {
  afterEach(() => {
    delete process.env.STUDIO_DATA_DIR;
  });

  it("file: is SQLite, postgresql:// and postgres:// are PostgreSQL, anything else is refused", () => {
    expect(engineOf("file:./prisma/dev.db")).toBe("sqlite");
    expect(engineOf("postgresql://postgres@127.0.0.1:5432/studio")).toBe("postgresql");
    expect(engineOf("postgres://u:p@db/studio")).toBe("postgresql");
    expect(() => engineOf("mysql://db/studio")).toThrow(/file: \(SQLite\) or postgresql:\/\//);
  });

  it("keeps the key and uploads beside a SQLite file, and in STUDIO_DATA_DIR (default ./prisma) on PostgreSQL", () => {
    expect(dataDirectory("file:/data/studio.db")).toBe("/data");
    expect(dataDirectory("postgresql://postgres@127.0.0.1:5432/studio")).toBe(path.resolve("prisma"));
    process.env.STUDIO_DATA_DIR = "/srv/studio";
    expect(dataDirectory("postgresql://postgres@127.0.0.1:5432/studio")).toBe("/srv/studio");
  });
});
