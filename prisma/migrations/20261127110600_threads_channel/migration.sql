-- A team's studio offers Threads as a channel (decision 051); an empty database gets it from the seed.
INSERT OR IGNORE INTO "Integration" ("id", "name", "connected")
SELECT 'threads', 'Threads', false WHERE EXISTS (SELECT 1 FROM "Settings");
