-- The audit log (issue 37, decision 043). Append-only: UPDATE is refused; DELETE is refused for any
-- row younger than the retention in Settings (never under 30 days), so only the retention job's
-- delete of older rows goes through. No foreign keys: an item's or a member's rows outlive them.
CREATE TABLE "AuditEntry" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorKind" TEXT NOT NULL,
    "actorId" TEXT,
    "actorName" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "objectType" TEXT NOT NULL,
    "objectId" TEXT,
    "objectTitle" TEXT NOT NULL DEFAULT '',
    "before" TEXT,
    "after" TEXT
);

CREATE INDEX "AuditEntry_at_idx" ON "AuditEntry"("at");
CREATE INDEX "AuditEntry_actorId_at_idx" ON "AuditEntry"("actorId", "at");
CREATE INDEX "AuditEntry_action_at_idx" ON "AuditEntry"("action", "at");

-- Added in place (not a table rebuild), so the Settings table keeps its triggers.
ALTER TABLE "Settings" ADD COLUMN "auditRetentionDays" INTEGER NOT NULL DEFAULT 365;

CREATE TRIGGER "AuditEntry_no_update" BEFORE UPDATE ON "AuditEntry"
BEGIN SELECT RAISE(ABORT, 'The audit log is append-only: its rows cannot be changed.'); END;

CREATE TRIGGER "AuditEntry_no_delete" BEFORE DELETE ON "AuditEntry"
WHEN julianday(OLD."at") > julianday('now') - MAX(30, COALESCE((SELECT "auditRetentionDays" FROM "Settings" WHERE "id" = 1), 365))
BEGIN SELECT RAISE(ABORT, 'The audit log is append-only: only rows past the retention can be deleted.'); END;

-- The content version's triggers (decision 026)
CREATE TRIGGER "AuditEntry_revision_insert" AFTER INSERT ON "AuditEntry"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "AuditEntry_revision_update" AFTER UPDATE ON "AuditEntry"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "AuditEntry_revision_delete" AFTER DELETE ON "AuditEntry"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
