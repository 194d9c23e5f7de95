-- CreateTable
CREATE TABLE "NetworkAccountChoice" (
    "network" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "accountsEnc" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NetworkAccountChoice_pkey" PRIMARY KEY ("network","sessionId")
);


-- The content version's trigger (decision 026), the twin of the SQLite ones.
CREATE TRIGGER "NetworkAccountChoice_revision" AFTER INSERT OR UPDATE OR DELETE ON "NetworkAccountChoice" FOR EACH STATEMENT EXECUTE FUNCTION studio_data_revision();
