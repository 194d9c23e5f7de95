-- CreateTable
CREATE TABLE "DataRevision" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "n" INTEGER NOT NULL DEFAULT 0
);


INSERT INTO "DataRevision" ("id", "n") VALUES (1, 0);

-- The content version's triggers (decision 026)
CREATE TRIGGER "ContentItem_revision_insert" AFTER INSERT ON "ContentItem"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ContentItem_revision_update" AFTER UPDATE ON "ContentItem"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ContentItem_revision_delete" AFTER DELETE ON "ContentItem"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ContentTag_revision_insert" AFTER INSERT ON "ContentTag"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ContentTag_revision_update" AFTER UPDATE ON "ContentTag"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ContentTag_revision_delete" AFTER DELETE ON "ContentTag"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ActivityEvent_revision_insert" AFTER INSERT ON "ActivityEvent"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ActivityEvent_revision_update" AFTER UPDATE ON "ActivityEvent"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ActivityEvent_revision_delete" AFTER DELETE ON "ActivityEvent"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Agent_revision_insert" AFTER INSERT ON "Agent"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Agent_revision_update" AFTER UPDATE ON "Agent"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Agent_revision_delete" AFTER DELETE ON "Agent"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "WorkflowRun_revision_insert" AFTER INSERT ON "WorkflowRun"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "WorkflowRun_revision_update" AFTER UPDATE ON "WorkflowRun"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "WorkflowRun_revision_delete" AFTER DELETE ON "WorkflowRun"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "WorkflowStep_revision_insert" AFTER INSERT ON "WorkflowStep"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "WorkflowStep_revision_update" AFTER UPDATE ON "WorkflowStep"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "WorkflowStep_revision_delete" AFTER DELETE ON "WorkflowStep"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
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
CREATE TRIGGER "Settings_revision_insert" AFTER INSERT ON "Settings"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Settings_revision_update" AFTER UPDATE ON "Settings"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Settings_revision_delete" AFTER DELETE ON "Settings"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Session_revision_insert" AFTER INSERT ON "Session"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Session_revision_update" AFTER UPDATE ON "Session"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Session_revision_delete" AFTER DELETE ON "Session"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "LoginFailure_revision_insert" AFTER INSERT ON "LoginFailure"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "LoginFailure_revision_update" AFTER UPDATE ON "LoginFailure"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "LoginFailure_revision_delete" AFTER DELETE ON "LoginFailure"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Invitation_revision_insert" AFTER INSERT ON "Invitation"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Invitation_revision_update" AFTER UPDATE ON "Invitation"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Invitation_revision_delete" AFTER DELETE ON "Invitation"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "NotificationPreference_revision_insert" AFTER INSERT ON "NotificationPreference"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "NotificationPreference_revision_update" AFTER UPDATE ON "NotificationPreference"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "NotificationPreference_revision_delete" AFTER DELETE ON "NotificationPreference"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Notification_revision_insert" AFTER INSERT ON "Notification"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Notification_revision_update" AFTER UPDATE ON "Notification"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Notification_revision_delete" AFTER DELETE ON "Notification"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "User_revision_insert" AFTER INSERT ON "User"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "User_revision_update" AFTER UPDATE ON "User"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "User_revision_delete" AFTER DELETE ON "User"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ContentRevision_revision_insert" AFTER INSERT ON "ContentRevision"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ContentRevision_revision_update" AFTER UPDATE ON "ContentRevision"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ContentRevision_revision_delete" AFTER DELETE ON "ContentRevision"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "EditorPresence_revision_insert" AFTER INSERT ON "EditorPresence"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "EditorPresence_revision_update" AFTER UPDATE ON "EditorPresence"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "EditorPresence_revision_delete" AFTER DELETE ON "EditorPresence"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "WorkflowJob_revision_insert" AFTER INSERT ON "WorkflowJob"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "WorkflowJob_revision_update" AFTER UPDATE ON "WorkflowJob"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "WorkflowJob_revision_delete" AFTER DELETE ON "WorkflowJob"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "WorkflowWorker_revision_insert" AFTER INSERT ON "WorkflowWorker"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "WorkflowWorker_revision_update" AFTER UPDATE ON "WorkflowWorker"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "WorkflowWorker_revision_delete" AFTER DELETE ON "WorkflowWorker"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "PublishDelivery_revision_insert" AFTER INSERT ON "PublishDelivery"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "PublishDelivery_revision_update" AFTER UPDATE ON "PublishDelivery"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "PublishDelivery_revision_delete" AFTER DELETE ON "PublishDelivery"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "WorkflowSettings_revision_insert" AFTER INSERT ON "WorkflowSettings"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "WorkflowSettings_revision_update" AFTER UPDATE ON "WorkflowSettings"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "WorkflowSettings_revision_delete" AFTER DELETE ON "WorkflowSettings"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ContentVisual_revision_insert" AFTER INSERT ON "ContentVisual"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ContentVisual_revision_update" AFTER UPDATE ON "ContentVisual"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ContentVisual_revision_delete" AFTER DELETE ON "ContentVisual"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "AssistantCall_revision_insert" AFTER INSERT ON "AssistantCall"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "AssistantCall_revision_update" AFTER UPDATE ON "AssistantCall"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "AssistantCall_revision_delete" AFTER DELETE ON "AssistantCall"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "AssistantModel_revision_insert" AFTER INSERT ON "AssistantModel"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "AssistantModel_revision_update" AFTER UPDATE ON "AssistantModel"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "AssistantModel_revision_delete" AFTER DELETE ON "AssistantModel"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "PublishSchedule_revision_insert" AFTER INSERT ON "PublishSchedule"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "PublishSchedule_revision_update" AFTER UPDATE ON "PublishSchedule"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "PublishSchedule_revision_delete" AFTER DELETE ON "PublishSchedule"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ChannelPost_revision_insert" AFTER INSERT ON "ChannelPost"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ChannelPost_revision_update" AFTER UPDATE ON "ChannelPost"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ChannelPost_revision_delete" AFTER DELETE ON "ChannelPost"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "TrackedSite_revision_insert" AFTER INSERT ON "TrackedSite"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "TrackedSite_revision_update" AFTER UPDATE ON "TrackedSite"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "TrackedSite_revision_delete" AFTER DELETE ON "TrackedSite"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "TrackerSettings_revision_insert" AFTER INSERT ON "TrackerSettings"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "TrackerSettings_revision_update" AFTER UPDATE ON "TrackerSettings"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "TrackerSettings_revision_delete" AFTER DELETE ON "TrackerSettings"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ApiToken_revision_insert" AFTER INSERT ON "ApiToken"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ApiToken_revision_update" AFTER UPDATE ON "ApiToken"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ApiToken_revision_delete" AFTER DELETE ON "ApiToken"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ChannelPostMetric_revision_insert" AFTER INSERT ON "ChannelPostMetric"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ChannelPostMetric_revision_update" AFTER UPDATE ON "ChannelPostMetric"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ChannelPostMetric_revision_delete" AFTER DELETE ON "ChannelPostMetric"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ShortLink_revision_insert" AFTER INSERT ON "ShortLink"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ShortLink_revision_update" AFTER UPDATE ON "ShortLink"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ShortLink_revision_delete" AFTER DELETE ON "ShortLink"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ContentDoc_revision_insert" AFTER INSERT ON "ContentDoc"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ContentDoc_revision_update" AFTER UPDATE ON "ContentDoc"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ContentDoc_revision_delete" AFTER DELETE ON "ContentDoc"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Comment_revision_insert" AFTER INSERT ON "Comment"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Comment_revision_update" AFTER UPDATE ON "Comment"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Comment_revision_delete" AFTER DELETE ON "Comment"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Upload_revision_insert" AFTER INSERT ON "Upload"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Upload_revision_update" AFTER UPDATE ON "Upload"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Upload_revision_delete" AFTER DELETE ON "Upload"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
