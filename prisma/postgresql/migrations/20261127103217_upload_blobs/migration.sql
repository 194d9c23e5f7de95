-- CreateTable
CREATE TABLE "UploadBlob" (
    "sha256" TEXT NOT NULL,
    "bytes" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UploadBlob_pkey" PRIMARY KEY ("sha256")
);


-- The content version (decision 026)
CREATE TRIGGER "UploadBlob_revision" AFTER INSERT OR UPDATE OR DELETE ON "UploadBlob"
    FOR EACH STATEMENT EXECUTE FUNCTION studio_data_revision();
