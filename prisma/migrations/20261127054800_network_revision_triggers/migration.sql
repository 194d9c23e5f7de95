-- The content version's triggers (decision 026)
CREATE TRIGGER "NetworkApp_revision_insert" AFTER INSERT ON "NetworkApp"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "NetworkApp_revision_update" AFTER UPDATE ON "NetworkApp"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "NetworkApp_revision_delete" AFTER DELETE ON "NetworkApp"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "OAuthAttempt_revision_insert" AFTER INSERT ON "OAuthAttempt"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "OAuthAttempt_revision_update" AFTER UPDATE ON "OAuthAttempt"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "OAuthAttempt_revision_delete" AFTER DELETE ON "OAuthAttempt"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
