-- The one-row tables become one row per workspace (decision 073): Settings, AssistantModel,
-- WorkflowSettings and TrackerSettings are keyed by workspaceId; BrandTone, Integration and NetworkApp
-- by (workspaceId, their id). The rebuilt tables get their revision triggers back, and the audit log's
-- retention reads the deleted row's own workspace (a deleted workspace's rows may go).
-- AlterTable
ALTER TABLE "BrandTone" DROP CONSTRAINT "BrandTone_pkey",
ADD CONSTRAINT "BrandTone_pkey" PRIMARY KEY ("workspaceId", "id");

-- AlterTable
ALTER TABLE "Integration" DROP CONSTRAINT "Integration_pkey",
ADD CONSTRAINT "Integration_pkey" PRIMARY KEY ("workspaceId", "id");

-- AlterTable
ALTER TABLE "NetworkApp" DROP CONSTRAINT "NetworkApp_pkey",
ADD CONSTRAINT "NetworkApp_pkey" PRIMARY KEY ("workspaceId", "network");

-- AlterTable
ALTER TABLE "Settings" DROP CONSTRAINT "Settings_pkey",
DROP COLUMN "id",
ADD CONSTRAINT "Settings_pkey" PRIMARY KEY ("workspaceId");

-- AlterTable
ALTER TABLE "AssistantModel" DROP CONSTRAINT "AssistantModel_pkey",
DROP COLUMN "id",
ADD COLUMN     "workspaceId" TEXT NOT NULL DEFAULT 'first',
ADD CONSTRAINT "AssistantModel_pkey" PRIMARY KEY ("workspaceId");
ALTER TABLE "AssistantModel" ALTER COLUMN "workspaceId" SET DEFAULT '';

-- AlterTable
ALTER TABLE "WorkflowSettings" DROP CONSTRAINT "WorkflowSettings_pkey",
DROP COLUMN "id",
ADD CONSTRAINT "WorkflowSettings_pkey" PRIMARY KEY ("workspaceId");

-- AlterTable
ALTER TABLE "TrackerSettings" DROP CONSTRAINT "TrackerSettings_pkey",
DROP COLUMN "id",
ADD CONSTRAINT "TrackerSettings_pkey" PRIMARY KEY ("workspaceId");

CREATE OR REPLACE FUNCTION studio_audit_no_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF (OLD."workspaceId" = '' OR EXISTS (SELECT 1 FROM "Workspace" WHERE "id" = OLD."workspaceId"))
       AND OLD."at" > CURRENT_TIMESTAMP - make_interval(days => GREATEST(30, COALESCE((SELECT "auditRetentionDays" FROM "Settings" WHERE "workspaceId" = OLD."workspaceId"), 365))) THEN
        RAISE EXCEPTION 'The audit log is append-only: only rows past the retention can be deleted.';
    END IF;
    RETURN OLD;
END $$;
