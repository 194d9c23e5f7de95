-- The twin of the SQLite migration of the same name (decision 045).
ALTER TABLE "Integration" ADD COLUMN "serviceUrl" TEXT;
ALTER TABLE "NetworkApp" ADD COLUMN "instanceUrl" TEXT, ADD COLUMN "redirectUri" TEXT;

-- A team's studio offers Mastodon and Bluesky as channels; an empty database gets them from the seed
-- (and moves no content version: the inserts run only where a team exists).
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM "Settings") THEN
        INSERT INTO "Integration" ("id", "name", "connected")
        VALUES ('mastodon', 'Mastodon', false), ('bluesky', 'Bluesky', false) ON CONFLICT DO NOTHING;
    END IF;
END $$;
