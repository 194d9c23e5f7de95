-- Row-level security is PostgreSQL's (decision 082); SQLite holds one studio's file, scoped by the data
-- layer alone. This migration is here so both engines list the same migrations.
SELECT 1;
