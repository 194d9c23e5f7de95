-- Workspaces (decision 073): one table of workspaces, and a workspaceId on every owned row. The
-- studio so far is the first workspace, named after the team; "" belongs to no workspace.
-- Existing rows take 'first' as the column is added; the default is then "" for new rows.
CREATE TABLE "Workspace" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "Workspace" ("id", "name", "createdAt")
SELECT 'first', COALESCE(NULLIF((SELECT "teamName" FROM "Settings" WHERE "id" = 1), ''), 'Content Studio'), CURRENT_TIMESTAMP;
ALTER TABLE "Session" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "Session" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "Invitation" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "Invitation" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "Notification" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "Notification" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "ContentItem" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "ContentItem" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "ContentDoc" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "ContentDoc" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "ContentRevision" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "ContentRevision" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "ContentVisual" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "ContentVisual" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "EditorPresence" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "EditorPresence" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "ContentTag" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "ContentTag" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "ActivityEvent" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "ActivityEvent" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "Comment" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "Comment" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "Agent" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "Agent" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "WorkflowRun" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "WorkflowRun" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "WorkflowStep" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "WorkflowStep" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "WorkflowJob" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "WorkflowJob" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "PublishDelivery" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "PublishDelivery" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "BrandTone" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "BrandTone" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "Integration" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "Integration" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "DataDeletion" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "DataDeletion" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "NetworkApp" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "NetworkApp" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "OAuthAttempt" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "OAuthAttempt" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "NetworkAccountChoice" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "NetworkAccountChoice" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "Settings" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "Settings" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "AssistantCall" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "AssistantCall" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "WorkflowSettings" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "WorkflowSettings" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "PublishSchedule" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "PublishSchedule" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "ChannelPost" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "ChannelPost" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "Upload" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "Upload" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "TrackedSite" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "TrackedSite" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "TrackerSettings" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "TrackerSettings" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "ApiToken" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "ApiToken" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "ChannelPostMetric" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "ChannelPostMetric" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "ShortLink" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "ShortLink" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "ApprovalChain" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "ApprovalChain" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "ApprovalRequest" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "ApprovalRequest" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "ApprovalDecision" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "ApprovalDecision" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "ReviewLink" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "ReviewLink" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "AuditEntry" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "AuditEntry" ALTER COLUMN "workspaceId" SET DEFAULT '';
ALTER TABLE "ChannelPostFigures" ADD COLUMN "workspaceId" TEXT NOT NULL DEFAULT 'first';
ALTER TABLE "ChannelPostFigures" ALTER COLUMN "workspaceId" SET DEFAULT '';
