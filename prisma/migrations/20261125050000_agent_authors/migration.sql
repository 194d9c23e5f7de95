-- AlterTable
ALTER TABLE "ContentRevision" ADD COLUMN "agentName" TEXT;

-- AlterTable
ALTER TABLE "Comment" ADD COLUMN "agentName" TEXT;

