-- The scheduler claims a due schedule under a lease (decision 069). Nullable columns: SQLite adds them in place.
ALTER TABLE "PublishSchedule" ADD COLUMN "leaseOwner" TEXT;
ALTER TABLE "PublishSchedule" ADD COLUMN "leaseUntil" DATETIME;
