import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { FIRST_WORKSPACE_ID, INSTANCE, acrossWorkspaces, resetTestScope, withWorkspace } from "~/db/workspace-scope.server";
import { OWNED_MODELS } from "~/db/workspace-queries.server";
import { scopeStatement } from "~/db/postgres/row-security.server";
import { TEST_ENGINE } from "./engine";
import { freshSeed } from "./route-helpers";
import { B, makeWorkspaceB } from "./workspace-b";

// Decision 082: on PostgreSQL the database itself holds each owned table to the transaction's
// workspace, under the data layer's filter. Raw SQL here skips that filter, so only the wall is tested.
const onPostgres = TEST_ENGINE === "postgresql";

const count = async (table: string) =>
  Number((await prisma.$queryRawUnsafe<{ n: bigint | number }[]>(`SELECT count(*) AS n FROM "${table}"`))[0].n);

describe("what a transaction says first", () => {
  it("names the workspace and the studio_app role; '*' and the connecting user across workspaces; no workspace when nothing was said", () => {
    expect(scopeStatement("first", true)).toBe(
      `SELECT set_config('studio.workspace', 'first', true), set_config('role', 'studio_app', true)`,
    );
    expect(scopeStatement(null, true)).toBe(`SELECT set_config('studio.workspace', '', true), set_config('role', 'studio_app', true)`);
    expect(scopeStatement(INSTANCE, true)).toBe(`SELECT set_config('studio.workspace', '*', true), set_config('role', 'none', true)`);
    expect(scopeStatement("first", false)).toBe(`SELECT set_config('studio.workspace', 'first', true)`);
    expect(() => scopeStatement('x\'; DROP TABLE "User"; --', true)).toThrow(/letters, digits/);
  });
});

describe.runIf(onPostgres)("row-level security on PostgreSQL", () => {
  beforeEach(async () => {
    await freshSeed();
    await makeWorkspaceB();
  });

  it("has a policy on every owned table, forced on its owner too", async () => {
    const rows = await prisma.$queryRawUnsafe<{ relname: string; forced: boolean; policies: bigint | number }[]>(
      `SELECT c.relname::text AS relname, c.relforcerowsecurity AS forced, (SELECT count(*) FROM pg_policy p WHERE p.polrelid = c.oid)::int AS policies
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relrowsecurity`,
    );
    const walled = new Map(rows.map((r) => [r.relname, r]));
    const owned = [...OWNED_MODELS].filter((m) => m !== "Session");
    for (const model of owned) {
      expect(walled.get(model), model).toMatchObject({ forced: true });
      expect(Number(walled.get(model)?.policies), model).toBe(1);
    }
  });

  it("an unscoped query sees nothing of any owned table, while the rows are there", async () => {
    const across = await acrossWorkspaces(() => count("ContentItem"));
    expect(across).toBeGreaterThan(10);
    resetTestScope(null);
    expect(await count("ContentItem")).toBe(0);
    expect(await count("Comment")).toBe(0);
    expect(await count("Settings")).toBe(0);
    // Instance-level tables are not walled.
    expect(await count("User")).toBeGreaterThan(0);
  });

  it("a raw query in one workspace sees that workspace's rows only, and cannot write a row into another", async () => {
    const first = await withWorkspace(FIRST_WORKSPACE_ID, () => count("ContentItem"));
    const inB = await withWorkspace(B, () => count("ContentItem"));
    expect(inB).toBe(1);
    expect(first + inB).toBe(await acrossWorkspaces(() => count("ContentItem")));
    await expect(
      withWorkspace(B, () =>
        prisma.$executeRawUnsafe(
          `INSERT INTO "Agent" ("id", "name", "type", "position", "x", "y", "workspaceId") VALUES ('smuggled', 'x', 'writer', 99, 0, 0, '${FIRST_WORKSPACE_ID}')`,
        ),
      ),
    ).rejects.toThrow(/row-level security/);
    expect(await acrossWorkspaces(() => prisma.agent.count({ where: { id: "smuggled" } }))).toBe(0);
  });

  it("an interactive transaction is held to its workspace, and reads across workspaces only where it says so", async () => {
    const all = await acrossWorkspaces(() => count("ContentItem"));
    const seen = await withWorkspace(B, () =>
      prisma.$transaction(async (tx) => {
        const mine = await tx.$queryRawUnsafe<unknown[]>(`SELECT "id" FROM "ContentItem"`);
        const every = await acrossWorkspaces(() => tx.$queryRawUnsafe<unknown[]>(`SELECT "id" FROM "ContentItem"`));
        const mineAgain = await tx.$queryRawUnsafe<unknown[]>(`SELECT "id" FROM "ContentItem"`);
        return [mine.length, every.length, mineAgain.length];
      }),
    );
    expect(seen).toEqual([1, all, 1]);
  });
});
