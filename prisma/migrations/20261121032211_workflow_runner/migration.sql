-- AlterTable
ALTER TABLE "WorkflowRun" ADD COLUMN "brief" TEXT;
ALTER TABLE "WorkflowRun" ADD COLUMN "briefTitle" TEXT;
ALTER TABLE "WorkflowRun" ADD COLUMN "briefType" TEXT;
ALTER TABLE "WorkflowRun" ADD COLUMN "outcome" TEXT;
ALTER TABLE "WorkflowRun" ADD COLUMN "pipeline" TEXT;
ALTER TABLE "WorkflowRun" ADD COLUMN "requestedById" TEXT;
ALTER TABLE "WorkflowRun" ADD COLUMN "startedAt" DATETIME;

-- AlterTable
ALTER TABLE "WorkflowStep" ADD COLUMN "approvedById" TEXT;
ALTER TABLE "WorkflowStep" ADD COLUMN "durationMs" INTEGER;
ALTER TABLE "WorkflowStep" ADD COLUMN "inputRef" TEXT;
ALTER TABLE "WorkflowStep" ADD COLUMN "note" TEXT;
ALTER TABLE "WorkflowStep" ADD COLUMN "outputRef" TEXT;
ALTER TABLE "WorkflowStep" ADD COLUMN "position" INTEGER;

-- CreateTable
CREATE TABLE "WorkflowJob" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "runId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "agentId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "attempt" INTEGER NOT NULL DEFAULT 1,
    "maxAttempts" INTEGER NOT NULL DEFAULT 3,
    "availableAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseOwner" TEXT,
    "leasedUntil" DATETIME,
    "lastError" TEXT,
    "idempotencyKey" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "WorkflowJob_runId_fkey" FOREIGN KEY ("runId") REFERENCES "WorkflowRun" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "WorkflowWorker" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "startedAt" DATETIME NOT NULL,
    "heartbeatAt" DATETIME NOT NULL,
    "currentJobId" TEXT
);

-- CreateTable
CREATE TABLE "PublishDelivery" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "runId" TEXT NOT NULL,
    "contentId" TEXT NOT NULL,
    "integrationId" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "responseStatus" INTEGER,
    "idempotencyKey" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "WorkflowSettings" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT DEFAULT 1,
    "reviewerBelowThreshold" TEXT NOT NULL DEFAULT 'return'
);

-- CreateIndex
CREATE UNIQUE INDEX "WorkflowJob_idempotencyKey_key" ON "WorkflowJob"("idempotencyKey");

-- CreateIndex
CREATE INDEX "WorkflowJob_status_availableAt_idx" ON "WorkflowJob"("status", "availableAt");

-- CreateIndex
CREATE UNIQUE INDEX "PublishDelivery_idempotencyKey_key" ON "PublishDelivery"("idempotencyKey");

-- CreateIndex
CREATE INDEX "PublishDelivery_createdAt_idx" ON "PublishDelivery"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "WorkflowStep_runId_position_attempt_key" ON "WorkflowStep"("runId", "position", "attempt");

