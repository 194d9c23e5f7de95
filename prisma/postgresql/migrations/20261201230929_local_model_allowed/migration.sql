-- AlterTable
ALTER TABLE "Settings" ADD COLUMN     "localModelAllowed" BOOLEAN NOT NULL DEFAULT false;

