-- AlterTable
ALTER TABLE "Notification" ADD COLUMN     "resolvedAt" TIMESTAMP(3),
ADD COLUMN     "subject" TEXT;

-- CreateIndex
CREATE INDEX "Notification_subject_idx" ON "Notification"("subject");

