-- The twin of the SQLite migration of the same name (decision 051): Threads as a channel where a team exists.
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM "Settings") THEN
        INSERT INTO "Integration" ("id", "name", "connected") VALUES ('threads', 'Threads', false) ON CONFLICT DO NOTHING;
    END IF;
END $$;
