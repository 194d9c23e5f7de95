-- The one-row tables become one row per workspace (decision 073): Settings, AssistantModel,
-- WorkflowSettings and TrackerSettings are keyed by workspaceId; BrandTone, Integration and NetworkApp
-- by (workspaceId, their id). The rebuilt tables get their revision triggers back, and the audit log's
-- retention reads the deleted row's own workspace (a deleted workspace's rows may go; the instance's own rows, workspace '', keep 365 days).
-- RedefineTables (the audit trigger reads Settings, so it goes first and comes back at the end)
DROP TRIGGER "AuditEntry_no_delete";
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_BrandTone" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "workspaceId" TEXT NOT NULL DEFAULT '',

    PRIMARY KEY ("workspaceId", "id")
);
INSERT INTO "new_BrandTone" ("description", "id", "name", "position", "workspaceId") SELECT "description", "id", "name", "position", "workspaceId" FROM "BrandTone";
DROP TABLE "BrandTone";
ALTER TABLE "new_BrandTone" RENAME TO "BrandTone";
CREATE TABLE "new_Integration" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "connected" BOOLEAN NOT NULL DEFAULT false,
    "handle" TEXT,
    "webhookUrl" TEXT,
    "webhookSecret" TEXT,
    "connectedAt" DATETIME,
    "connectedById" TEXT,
    "accessTokenEnc" TEXT,
    "refreshTokenEnc" TEXT,
    "tokenExpiresAt" DATETIME,
    "accountId" TEXT,
    "reconnectReason" TEXT,
    "serviceUrl" TEXT,
    "networkUserId" TEXT,
    "workspaceId" TEXT NOT NULL DEFAULT '',

    PRIMARY KEY ("workspaceId", "id")
);
INSERT INTO "new_Integration" ("accessTokenEnc", "accountId", "connected", "connectedAt", "connectedById", "handle", "id", "name", "networkUserId", "reconnectReason", "refreshTokenEnc", "serviceUrl", "tokenExpiresAt", "webhookSecret", "webhookUrl", "workspaceId") SELECT "accessTokenEnc", "accountId", "connected", "connectedAt", "connectedById", "handle", "id", "name", "networkUserId", "reconnectReason", "refreshTokenEnc", "serviceUrl", "tokenExpiresAt", "webhookSecret", "webhookUrl", "workspaceId" FROM "Integration";
DROP TABLE "Integration";
ALTER TABLE "new_Integration" RENAME TO "Integration";
CREATE TABLE "new_NetworkApp" (
    "network" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "clientSecretEnc" TEXT NOT NULL,
    "instanceUrl" TEXT,
    "redirectUri" TEXT,
    "updatedById" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    "workspaceId" TEXT NOT NULL DEFAULT '',

    PRIMARY KEY ("workspaceId", "network")
);
INSERT INTO "new_NetworkApp" ("clientId", "clientSecretEnc", "instanceUrl", "network", "redirectUri", "updatedAt", "updatedById", "workspaceId") SELECT "clientId", "clientSecretEnc", "instanceUrl", "network", "redirectUri", "updatedAt", "updatedById", "workspaceId" FROM "NetworkApp";
DROP TABLE "NetworkApp";
ALTER TABLE "new_NetworkApp" RENAME TO "NetworkApp";
CREATE TABLE "new_Settings" (
    "brandToneId" TEXT NOT NULL,
    "brandKeywords" TEXT NOT NULL,
    "contentGuidelines" TEXT NOT NULL,
    "generationThreshold" INTEGER NOT NULL,
    "creativityLevel" TEXT NOT NULL,
    "autoPublish" BOOLEAN NOT NULL,
    "autoPost" BOOLEAN NOT NULL,
    "scheduleOptimalTiming" BOOLEAN NOT NULL,
    "workflowRunning" BOOLEAN NOT NULL DEFAULT false,
    "teamName" TEXT NOT NULL DEFAULT '',
    "timeZone" TEXT NOT NULL DEFAULT 'UTC',
    "siteUrl" TEXT NOT NULL DEFAULT '',
    "utmTagging" BOOLEAN NOT NULL DEFAULT true,
    "websiteWebhookUrl" TEXT NOT NULL DEFAULT '',
    "websiteWebhookSecret" TEXT NOT NULL DEFAULT '',
    "auditRetentionDays" INTEGER NOT NULL DEFAULT 365,
    "auditHeadWebhookUrl" TEXT NOT NULL DEFAULT '',
    "updatedAt" DATETIME NOT NULL,
    "localModelAllowed" BOOLEAN NOT NULL DEFAULT false,
    "workspaceId" TEXT NOT NULL PRIMARY KEY DEFAULT ''
);
INSERT INTO "new_Settings" ("auditHeadWebhookUrl", "auditRetentionDays", "autoPost", "autoPublish", "brandKeywords", "brandToneId", "contentGuidelines", "creativityLevel", "generationThreshold", "localModelAllowed", "scheduleOptimalTiming", "siteUrl", "teamName", "timeZone", "updatedAt", "utmTagging", "websiteWebhookSecret", "websiteWebhookUrl", "workflowRunning", "workspaceId") SELECT "auditHeadWebhookUrl", "auditRetentionDays", "autoPost", "autoPublish", "brandKeywords", "brandToneId", "contentGuidelines", "creativityLevel", "generationThreshold", "localModelAllowed", "scheduleOptimalTiming", "siteUrl", "teamName", "timeZone", "updatedAt", "utmTagging", "websiteWebhookSecret", "websiteWebhookUrl", "workflowRunning", "workspaceId" FROM "Settings";
DROP TABLE "Settings";
ALTER TABLE "new_Settings" RENAME TO "Settings";
CREATE TABLE "new_AssistantModel" (
    "baseUrl" TEXT NOT NULL,
    "apiKey" TEXT,
    "model" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    "updatedById" TEXT,
    "workspaceId" TEXT NOT NULL PRIMARY KEY DEFAULT ''
);
INSERT INTO "new_AssistantModel" ("apiKey", "baseUrl", "model", "updatedAt", "updatedById", "workspaceId") SELECT "apiKey", "baseUrl", "model", "updatedAt", "updatedById", 'first' FROM "AssistantModel";
DROP TABLE "AssistantModel";
ALTER TABLE "new_AssistantModel" RENAME TO "AssistantModel";
CREATE TABLE "new_WorkflowSettings" (
    "reviewerBelowThreshold" TEXT NOT NULL DEFAULT 'return',
    "workspaceId" TEXT NOT NULL PRIMARY KEY DEFAULT ''
);
INSERT INTO "new_WorkflowSettings" ("reviewerBelowThreshold", "workspaceId") SELECT "reviewerBelowThreshold", "workspaceId" FROM "WorkflowSettings";
DROP TABLE "WorkflowSettings";
ALTER TABLE "new_WorkflowSettings" RENAME TO "WorkflowSettings";
CREATE TABLE "new_TrackerSettings" (
    "respectDoNotTrack" BOOLEAN NOT NULL DEFAULT false,
    "retentionDays" INTEGER NOT NULL DEFAULT 90,
    "workspaceId" TEXT NOT NULL PRIMARY KEY DEFAULT ''
);
INSERT INTO "new_TrackerSettings" ("respectDoNotTrack", "retentionDays", "workspaceId") SELECT "respectDoNotTrack", "retentionDays", "workspaceId" FROM "TrackerSettings";
DROP TABLE "TrackerSettings";
ALTER TABLE "new_TrackerSettings" RENAME TO "TrackerSettings";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

CREATE TRIGGER "BrandTone_revision_insert" AFTER INSERT ON "BrandTone"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "BrandTone_revision_update" AFTER UPDATE ON "BrandTone"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "BrandTone_revision_delete" AFTER DELETE ON "BrandTone"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Integration_revision_insert" AFTER INSERT ON "Integration"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Integration_revision_update" AFTER UPDATE ON "Integration"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Integration_revision_delete" AFTER DELETE ON "Integration"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "NetworkApp_revision_insert" AFTER INSERT ON "NetworkApp"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "NetworkApp_revision_update" AFTER UPDATE ON "NetworkApp"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "NetworkApp_revision_delete" AFTER DELETE ON "NetworkApp"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Settings_revision_insert" AFTER INSERT ON "Settings"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Settings_revision_update" AFTER UPDATE ON "Settings"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Settings_revision_delete" AFTER DELETE ON "Settings"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "AssistantModel_revision_insert" AFTER INSERT ON "AssistantModel"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "AssistantModel_revision_update" AFTER UPDATE ON "AssistantModel"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "AssistantModel_revision_delete" AFTER DELETE ON "AssistantModel"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "WorkflowSettings_revision_insert" AFTER INSERT ON "WorkflowSettings"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "WorkflowSettings_revision_update" AFTER UPDATE ON "WorkflowSettings"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "WorkflowSettings_revision_delete" AFTER DELETE ON "WorkflowSettings"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "TrackerSettings_revision_insert" AFTER INSERT ON "TrackerSettings"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "TrackerSettings_revision_update" AFTER UPDATE ON "TrackerSettings"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "TrackerSettings_revision_delete" AFTER DELETE ON "TrackerSettings"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;

CREATE TRIGGER "AuditEntry_no_delete" BEFORE DELETE ON "AuditEntry"
WHEN (OLD."workspaceId" = '' OR EXISTS (SELECT 1 FROM "Workspace" WHERE "id" = OLD."workspaceId"))
 AND julianday(OLD."at") > julianday('now') - MAX(30, COALESCE((SELECT "auditRetentionDays" FROM "Settings" WHERE "workspaceId" = OLD."workspaceId"), 365))
BEGIN SELECT RAISE(ABORT, 'The audit log is append-only: only rows past the retention can be deleted.'); END;
