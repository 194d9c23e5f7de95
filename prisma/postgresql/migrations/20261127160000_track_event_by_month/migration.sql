-- Raw tracker events partitioned by month on PostgreSQL (issue 38): retention drops a month's
-- partition instead of deleting its rows one by one. PostgreSQL only: SQLite keeps one table.
-- A partitioned table's primary key must hold the partition key, so it is ("id", "at"); ids stay
-- unique through the one sequence. Events in a month without its partition land in the default one,
-- and studio_track_event_month moves them out when it makes that month's.
ALTER TABLE "TrackEvent" RENAME TO "TrackEvent_unpartitioned";
ALTER TABLE "TrackEvent_unpartitioned" RENAME CONSTRAINT "TrackEvent_pkey" TO "TrackEvent_unpartitioned_pkey";
ALTER INDEX "TrackEvent_at_idx" RENAME TO "TrackEvent_unpartitioned_at_idx";

CREATE TABLE "TrackEvent" (
    LIKE "TrackEvent_unpartitioned" INCLUDING DEFAULTS,
    CONSTRAINT "TrackEvent_pkey" PRIMARY KEY ("id", "at")
) PARTITION BY RANGE ("at");
ALTER SEQUENCE "TrackEvent_id_seq" OWNED BY "TrackEvent"."id";
CREATE INDEX "TrackEvent_at_idx" ON "TrackEvent"("at");
CREATE TABLE "TrackEvent_default" PARTITION OF "TrackEvent" DEFAULT;

-- Makes the partition "TrackEvent_YYYY_MM" for the month holding `day` unless it exists (replicas may
-- call it at once: an advisory lock takes them in turn), moving that month's rows out of the default.
CREATE FUNCTION studio_track_event_month(day date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  first date := date_trunc('month', day)::date;
  next date := (date_trunc('month', day) + interval '1 month')::date;
  part text := 'TrackEvent_' || to_char(first, 'YYYY_MM');
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('TrackEvent partitions'));
  IF to_regclass(quote_ident(part)) IS NOT NULL THEN RETURN; END IF;
  EXECUTE format('CREATE TABLE %I (LIKE "TrackEvent" INCLUDING DEFAULTS)', part);
  EXECUTE format(
    'WITH moved AS (DELETE FROM "TrackEvent_default" WHERE "at" >= %L AND "at" < %L RETURNING *) INSERT INTO %I SELECT * FROM moved',
    first, next, part);
  EXECUTE format('ALTER TABLE "TrackEvent" ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', part, first, next);
END $$;

SELECT studio_track_event_month(m::date)
FROM generate_series(
  date_trunc('month', LEAST(COALESCE((SELECT min("at") FROM "TrackEvent_unpartitioned"), now()), now())),
  date_trunc('month', now()) + interval '1 month',
  interval '1 month') AS m;

INSERT INTO "TrackEvent" SELECT * FROM "TrackEvent_unpartitioned";
DROP TABLE "TrackEvent_unpartitioned";
