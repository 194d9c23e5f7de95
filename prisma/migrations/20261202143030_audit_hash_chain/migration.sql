-- The audit log's hash chain (issue 52, decision 075). Each entry gets its place in the chain, the
-- hash of the entry before it and its own. The rows already written are chained once, in (at, id)
-- order, by the migration plan's backfill (chainUnchainedEntries, run by server/migrate.ts after the
-- migrations): SHA-256 over the canonical encoding is not something SQLite's SQL can compute.
ALTER TABLE "AuditEntry" ADD COLUMN "hash" TEXT;
ALTER TABLE "AuditEntry" ADD COLUMN "prevHash" TEXT;
ALTER TABLE "AuditEntry" ADD COLUMN "seq" INTEGER;
CREATE UNIQUE INDEX "AuditEntry_seq_key" ON "AuditEntry"("seq");

-- Added in place (not a table rebuild), so the Settings table keeps its triggers.
ALTER TABLE "Settings" ADD COLUMN "auditHeadWebhookUrl" TEXT NOT NULL DEFAULT '';

CREATE TABLE "AuditChainHead" (
    "scope" TEXT NOT NULL PRIMARY KEY,
    "seq" INTEGER NOT NULL DEFAULT 0,
    "hash" TEXT NOT NULL,
    "at" DATETIME,
    "baseSeq" INTEGER NOT NULL DEFAULT 0,
    "baseHash" TEXT NOT NULL
);

CREATE TABLE "AuditHeadDelivery" (
    "scope" TEXT NOT NULL PRIMARY KEY,
    "postedDay" TEXT,
    "leaseUntil" DATETIME,
    "leaseOwner" TEXT
);

-- Today one chain, the whole instance's; its genesis hash is 64 zeros.
INSERT INTO "AuditChainHead" ("scope", "seq", "hash", "baseSeq", "baseHash")
VALUES ('instance', 0, '0000000000000000000000000000000000000000000000000000000000000000', 0, '0000000000000000000000000000000000000000000000000000000000000000');
INSERT INTO "AuditHeadDelivery" ("scope") VALUES ('instance');

-- Still append-only, with one exception: a row not yet chained (hash NULL) may be chained once,
-- its three chain columns set and nothing else changed.
DROP TRIGGER "AuditEntry_no_update";
CREATE TRIGGER "AuditEntry_no_update" BEFORE UPDATE ON "AuditEntry"
WHEN NOT (OLD."hash" IS NULL AND OLD."seq" IS NULL AND NEW."hash" IS NOT NULL AND NEW."seq" IS NOT NULL
  AND NEW."id" IS OLD."id" AND NEW."at" IS OLD."at" AND NEW."actorKind" IS OLD."actorKind" AND NEW."actorId" IS OLD."actorId"
  AND NEW."actorName" IS OLD."actorName" AND NEW."action" IS OLD."action" AND NEW."objectType" IS OLD."objectType"
  AND NEW."objectId" IS OLD."objectId" AND NEW."objectTitle" IS OLD."objectTitle" AND NEW."before" IS OLD."before"
  AND NEW."after" IS OLD."after")
BEGIN SELECT RAISE(ABORT, 'The audit log is append-only: its rows cannot be changed.'); END;

-- The content version's triggers (decision 026)
CREATE TRIGGER "AuditChainHead_revision_insert" AFTER INSERT ON "AuditChainHead"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "AuditChainHead_revision_update" AFTER UPDATE ON "AuditChainHead"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "AuditChainHead_revision_delete" AFTER DELETE ON "AuditChainHead"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "AuditHeadDelivery_revision_insert" AFTER INSERT ON "AuditHeadDelivery"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "AuditHeadDelivery_revision_update" AFTER UPDATE ON "AuditHeadDelivery"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "AuditHeadDelivery_revision_delete" AFTER DELETE ON "AuditHeadDelivery"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
