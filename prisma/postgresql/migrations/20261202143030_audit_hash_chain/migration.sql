-- The audit log's hash chain (issue 52, decision 075), the twin of the SQLite migration of the same
-- name. The rows already written are chained once by the migration plan's backfill
-- (chainUnchainedEntries, run by server/migrate.ts after the migrations).
ALTER TABLE "Settings" ADD COLUMN "auditHeadWebhookUrl" TEXT NOT NULL DEFAULT '';

ALTER TABLE "AuditEntry" ADD COLUMN "hash" TEXT,
ADD COLUMN "prevHash" TEXT,
ADD COLUMN "seq" INTEGER;
CREATE UNIQUE INDEX "AuditEntry_seq_key" ON "AuditEntry"("seq");

CREATE TABLE "AuditChainHead" (
    "scope" TEXT NOT NULL,
    "seq" INTEGER NOT NULL DEFAULT 0,
    "hash" TEXT NOT NULL,
    "at" TIMESTAMP(3),
    "baseSeq" INTEGER NOT NULL DEFAULT 0,
    "baseHash" TEXT NOT NULL,

    CONSTRAINT "AuditChainHead_pkey" PRIMARY KEY ("scope")
);

CREATE TABLE "AuditHeadDelivery" (
    "scope" TEXT NOT NULL,
    "postedDay" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "leaseOwner" TEXT,

    CONSTRAINT "AuditHeadDelivery_pkey" PRIMARY KEY ("scope")
);

INSERT INTO "AuditChainHead" ("scope", "seq", "hash", "baseSeq", "baseHash")
VALUES ('instance', 0, repeat('0', 64), 0, repeat('0', 64));
INSERT INTO "AuditHeadDelivery" ("scope") VALUES ('instance');

-- Still append-only, with one exception: a row not yet chained may be chained once, its three chain
-- columns set and nothing else changed.
CREATE OR REPLACE FUNCTION studio_audit_no_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF OLD."hash" IS NULL AND OLD."seq" IS NULL AND NEW."hash" IS NOT NULL AND NEW."seq" IS NOT NULL
       AND (NEW."id", NEW."at", NEW."actorKind", NEW."actorId", NEW."actorName", NEW."action", NEW."objectType",
            NEW."objectId", NEW."objectTitle", NEW."before", NEW."after")
           IS NOT DISTINCT FROM
           (OLD."id", OLD."at", OLD."actorKind", OLD."actorId", OLD."actorName", OLD."action", OLD."objectType",
            OLD."objectId", OLD."objectTitle", OLD."before", OLD."after") THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'The audit log is append-only: its rows cannot be changed.';
END $$;

-- The content version (decision 026).
CREATE TRIGGER "AuditChainHead_revision" AFTER INSERT OR UPDATE OR DELETE ON "AuditChainHead" FOR EACH STATEMENT EXECUTE FUNCTION studio_data_revision();
CREATE TRIGGER "AuditHeadDelivery_revision" AFTER INSERT OR UPDATE OR DELETE ON "AuditHeadDelivery" FOR EACH STATEMENT EXECUTE FUNCTION studio_data_revision();
