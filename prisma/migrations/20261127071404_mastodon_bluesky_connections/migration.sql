-- AlterTable
ALTER TABLE "Integration" ADD COLUMN "serviceUrl" TEXT;

-- AlterTable
ALTER TABLE "NetworkApp" ADD COLUMN "instanceUrl" TEXT;
ALTER TABLE "NetworkApp" ADD COLUMN "redirectUri" TEXT;


-- A team's studio offers Mastodon and Bluesky as channels (decision 045); an empty database gets them from the seed.
INSERT OR IGNORE INTO "Integration" ("id", "name", "connected")
SELECT 'mastodon', 'Mastodon', false WHERE EXISTS (SELECT 1 FROM "Settings");
INSERT OR IGNORE INTO "Integration" ("id", "name", "connected")
SELECT 'bluesky', 'Bluesky', false WHERE EXISTS (SELECT 1 FROM "Settings");
