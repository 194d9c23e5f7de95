-- The scheduler claims a due schedule under a lease (decision 069).
ALTER TABLE "PublishSchedule" ADD COLUMN "leaseOwner" TEXT,
ADD COLUMN "leaseUntil" TIMESTAMP(3);
