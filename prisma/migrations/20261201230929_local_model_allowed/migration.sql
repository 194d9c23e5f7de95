-- A constant default: SQLite adds the column in place instead of rebuilding Settings.
ALTER TABLE "Settings" ADD COLUMN "localModelAllowed" BOOLEAN NOT NULL DEFAULT false;
