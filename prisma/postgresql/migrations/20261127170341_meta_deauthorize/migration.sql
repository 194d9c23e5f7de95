-- AlterTable
ALTER TABLE "Integration" ADD COLUMN     "networkUserId" TEXT;

-- CreateTable
CREATE TABLE "DataDeletion" (
    "code" TEXT NOT NULL,
    "doneAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DataDeletion_pkey" PRIMARY KEY ("code")
);


-- The content version's trigger (decision 026), the twin of the SQLite ones.
CREATE TRIGGER "DataDeletion_revision" AFTER INSERT OR UPDATE OR DELETE ON "DataDeletion" FOR EACH STATEMENT EXECUTE FUNCTION studio_data_revision();
