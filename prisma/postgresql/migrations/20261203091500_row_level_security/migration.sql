-- The second wall (decision 082): each owned table shows and takes only the rows of the workspace the
-- transaction names in studio.workspace ('*' for the instance's own work: migrations, the seed, copies,
-- job claims). FORCE holds the tables' owner to it too; a superuser is held by running as studio_app,
-- which the data layer sets for every member's and every unscoped statement (app/db/postgres/row-security.server.ts).
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'studio_app') THEN
        CREATE ROLE studio_app NOLOGIN;
    END IF;
    EXECUTE format('GRANT studio_app TO %I', current_user);
EXCEPTION WHEN insufficient_privilege THEN
    RAISE NOTICE 'studio_app could not be made or granted: the policies hold this user only where it is not a superuser';
END $$;

DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'studio_app') THEN
        GRANT USAGE ON SCHEMA public TO studio_app;
        GRANT SELECT, INSERT, UPDATE, DELETE, TRUNCATE ON ALL TABLES IN SCHEMA public TO studio_app;
        GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO studio_app;
        ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE, TRUNCATE ON TABLES TO studio_app;
        ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO studio_app;
    END IF;
END $$;

CREATE FUNCTION studio_workspace_allows(owner text) RETURNS boolean LANGUAGE sql STABLE AS $$
    SELECT COALESCE(current_setting('studio.workspace', true), '') IN (owner, '*')
$$;

ALTER TABLE "Membership" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Membership" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "Membership" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "Invitation" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Invitation" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "Invitation" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "Notification" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Notification" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "Notification" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "ContentItem" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "ContentItem" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "ContentItem" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "ContentDoc" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "ContentDoc" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "ContentDoc" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "ContentRevision" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "ContentRevision" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "ContentRevision" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "ContentVisual" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "ContentVisual" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "ContentVisual" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "EditorPresence" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "EditorPresence" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "EditorPresence" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "ContentTag" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "ContentTag" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "ContentTag" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "ActivityEvent" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "ActivityEvent" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "ActivityEvent" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "Comment" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Comment" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "Comment" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "Agent" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Agent" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "Agent" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "WorkflowRun" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "WorkflowRun" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "WorkflowRun" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "WorkflowStep" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "WorkflowStep" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "WorkflowStep" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "WorkflowJob" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "WorkflowJob" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "WorkflowJob" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "PublishDelivery" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "PublishDelivery" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "PublishDelivery" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "BrandTone" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "BrandTone" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "BrandTone" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "Integration" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Integration" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "Integration" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "DataDeletion" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "DataDeletion" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "DataDeletion" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "NetworkApp" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "NetworkApp" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "NetworkApp" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "OAuthAttempt" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "OAuthAttempt" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "OAuthAttempt" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "NetworkAccountChoice" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "NetworkAccountChoice" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "NetworkAccountChoice" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "Settings" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Settings" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "Settings" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "AssistantCall" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "AssistantCall" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "AssistantCall" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "AssistantModel" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "AssistantModel" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "AssistantModel" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "WorkflowSettings" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "WorkflowSettings" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "WorkflowSettings" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "PublishSchedule" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "PublishSchedule" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "PublishSchedule" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "ChannelPost" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "ChannelPost" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "ChannelPost" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "Upload" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Upload" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "Upload" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "TrackedSite" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "TrackedSite" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "TrackedSite" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "TrackerSettings" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "TrackerSettings" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "TrackerSettings" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "ApiToken" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "ApiToken" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "ApiToken" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "ChannelPostMetric" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "ChannelPostMetric" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "ChannelPostMetric" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "ShortLink" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "ShortLink" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "ShortLink" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "ChannelPostFigures" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "ChannelPostFigures" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "ChannelPostFigures" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "ApprovalChain" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "ApprovalChain" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "ApprovalChain" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "ApprovalRequest" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "ApprovalRequest" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "ApprovalRequest" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "ApprovalDecision" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "ApprovalDecision" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "ApprovalDecision" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "ReviewLink" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "ReviewLink" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "ReviewLink" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));

ALTER TABLE "AuditEntry" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "AuditEntry" FORCE ROW LEVEL SECURITY;
CREATE POLICY "workspace_scope" ON "AuditEntry" USING (studio_workspace_allows("workspaceId")) WITH CHECK (studio_workspace_allows("workspaceId"));
