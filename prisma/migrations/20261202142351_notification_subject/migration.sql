-- AlterTable
ALTER TABLE "Notification" ADD COLUMN "resolvedAt" DATETIME;
ALTER TABLE "Notification" ADD COLUMN "subject" TEXT;

-- CreateIndex
CREATE INDEX "Notification_subject_idx" ON "Notification"("subject");

