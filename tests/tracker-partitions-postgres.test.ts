// Raw tracker events by month on PostgreSQL (migration 20261127160000): each event lands in its
// month's partition, retention drops the months wholly past it and deletes row by row only in the
// month the cutoff falls in, and this and next month's partitions are made ahead. Skipped, saying
// why, without a reachable PostgreSQL (tests/postgres.ts).
import type { PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { INSTANCE, resetTestScope } from "~/db/workspace-scope.server";
import { freshPostgresDatabase, postgresUnavailable } from "./postgres";

// The instance's own tooling (connections, partitions), across workspaces with the connecting user's rights (decision 082).
beforeEach(() => resetTestScope(INSTANCE));
import { closeDatabase, onDatabase } from "./postgres-modules";

const unavailable = await postgresUnavailable();

describe.skipIf(unavailable !== null)(`raw events by month on PostgreSQL${unavailable ? ` (skipped: ${unavailable})` : ""}`, () => {
  const sqliteUrl = process.env.DATABASE_URL!;
  let database: { url: string; drop: () => Promise<void> };
  let prisma: PrismaClient;
  let pruneRawEvents: typeof import("~/models/tracking.server").pruneRawEvents;

  beforeAll(async () => {
    database = await freshPostgresDatabase();
    ({ prisma } = await onDatabase(database.url));
    ({ pruneRawEvents } = await import("~/models/tracking.server"));
  });
  afterAll(async () => {
    await closeDatabase(prisma);
    process.env.DATABASE_URL = sqliteUrl;
    vi.resetModules();
    await database.drop();
  });

  const event = (at: string, url: string) => prisma.trackEvent.create({ data: { at: new Date(at), kind: "view", url } });
  const partitions = async () =>
    (
      await prisma.$queryRaw<{ name: string }[]>`SELECT c.relname::text AS "name" FROM pg_inherits i
        JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = '"TrackEvent"'::regclass ORDER BY 1`
    ).map((r) => r.name);
  const placed = async () =>
    Object.fromEntries(
      (await prisma.$queryRaw<{ url: string; part: string }[]>`SELECT "url", tableoid::regclass::text AS "part" FROM "TrackEvent"`).map(
        (r) => [r.url, r.part.replaceAll('"', "")],
      ),
    );

  it("puts each event in its month, moves a month's events out of the default when its partition is made, and prunes by dropping months", async () => {
    // Years ahead, so no partition the migration made (this month and next) holds them.
    const now = new Date("2030-04-10T12:00:00Z");
    await event("2030-01-05T10:00:00Z", "jan");
    await event("2030-02-02T10:00:00Z", "feb-early");
    await event("2030-02-27T23:59:59Z", "feb-late");
    // No partition for these months yet: the default holds them.
    expect(await placed()).toEqual({ jan: "TrackEvent_default", "feb-early": "TrackEvent_default", "feb-late": "TrackEvent_default" });

    await prisma.$executeRaw`SELECT studio_track_event_month('2030-01-01'::date), studio_track_event_month('2030-02-14'::date)`;
    expect(await placed()).toEqual({ jan: "TrackEvent_2030_01", "feb-early": "TrackEvent_2030_02", "feb-late": "TrackEvent_2030_02" });

    // 45 days before 10 April is 24 February: January goes whole, February loses only its early event.
    expect(await pruneRawEvents(now, 45)).toBe(2);
    expect(await placed()).toEqual({ "feb-late": "TrackEvent_2030_02" });
    const names = await partitions();
    expect(names).not.toContain("TrackEvent_2030_01");
    expect(names).toEqual(expect.arrayContaining(["TrackEvent_2030_02", "TrackEvent_2030_04", "TrackEvent_2030_05", "TrackEvent_default"]));

    // New events of this month land in its partition, made ahead by the prune.
    await event("2030-04-10T12:00:01Z", "apr");
    expect((await placed()).apr).toBe("TrackEvent_2030_04");
  });
});
