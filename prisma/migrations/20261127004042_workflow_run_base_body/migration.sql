-- AlterTable
ALTER TABLE "WorkflowRun" ADD COLUMN "baseBody" TEXT;

