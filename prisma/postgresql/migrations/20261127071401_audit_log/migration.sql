-- The audit log (issue 37, decision 043), the twin of the SQLite migration of the same name.
-- Append-only: UPDATE is refused; DELETE is refused for any row younger than the retention in
-- Settings (never under 30 days). No foreign keys: an item's or a member's rows outlive them.
CREATE TABLE "AuditEntry" (
    "id" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorKind" TEXT NOT NULL,
    "actorId" TEXT,
    "actorName" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "objectType" TEXT NOT NULL,
    "objectId" TEXT,
    "objectTitle" TEXT NOT NULL DEFAULT '',
    "before" TEXT,
    "after" TEXT,

    CONSTRAINT "AuditEntry_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "AuditEntry_at_idx" ON "AuditEntry"("at");
CREATE INDEX "AuditEntry_actorId_at_idx" ON "AuditEntry"("actorId", "at");
CREATE INDEX "AuditEntry_action_at_idx" ON "AuditEntry"("action", "at");

ALTER TABLE "Settings" ADD COLUMN "auditRetentionDays" INTEGER NOT NULL DEFAULT 365;

CREATE FUNCTION studio_audit_no_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'The audit log is append-only: its rows cannot be changed.';
END $$;
CREATE TRIGGER "AuditEntry_no_update" BEFORE UPDATE ON "AuditEntry" FOR EACH ROW EXECUTE FUNCTION studio_audit_no_update();

CREATE FUNCTION studio_audit_no_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF OLD."at" > CURRENT_TIMESTAMP - make_interval(days => GREATEST(30, COALESCE((SELECT "auditRetentionDays" FROM "Settings" WHERE "id" = 1), 365))) THEN
        RAISE EXCEPTION 'The audit log is append-only: only rows past the retention can be deleted.';
    END IF;
    RETURN OLD;
END $$;
CREATE TRIGGER "AuditEntry_no_delete" BEFORE DELETE ON "AuditEntry" FOR EACH ROW EXECUTE FUNCTION studio_audit_no_delete();

-- The content version (decision 026).
CREATE TRIGGER "AuditEntry_revision" AFTER INSERT OR UPDATE OR DELETE ON "AuditEntry" FOR EACH STATEMENT EXECUTE FUNCTION studio_data_revision();
