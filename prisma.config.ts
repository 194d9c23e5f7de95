import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";

// The CLI does not read .env when this file exists, so the default lives here.
const url = process.env.DATABASE_URL ?? "file:./prisma/dev.db";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations", seed: "tsx prisma/seed.ts" },
  async adapter() {
    return new PrismaBetterSQLite3({ url });
  },
});
