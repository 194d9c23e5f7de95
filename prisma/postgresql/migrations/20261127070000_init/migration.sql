-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'active',
    "passwordHash" TEXT,
    "lastSeenAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "userAgent" TEXT NOT NULL DEFAULT '',
    "ip" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoginFailure" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "ip" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LoginFailure_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Invitation" (
    "userId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "invitedById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Invitation_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "NotificationPreference" (
    "userId" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL,

    CONSTRAINT "NotificationPreference_pkey" PRIMARY KEY ("userId","event")
);

-- CreateTable
CREATE TABLE "Notification" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "contentId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "readAt" TIMESTAMP(3),

    CONSTRAINT "Notification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContentItem" (
    "id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "slug" TEXT,
    "excerpt" TEXT NOT NULL DEFAULT '',
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "body" TEXT NOT NULL DEFAULT '',
    "version" INTEGER NOT NULL DEFAULT 1,
    "authorId" TEXT NOT NULL,
    "publishedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ContentItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContentDoc" (
    "contentId" TEXT NOT NULL,
    "state" BYTEA NOT NULL,
    "version" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ContentDoc_pkey" PRIMARY KEY ("contentId")
);

-- CreateTable
CREATE TABLE "ContentRevision" (
    "id" TEXT NOT NULL,
    "contentId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "authorId" TEXT NOT NULL,
    "label" TEXT NOT NULL DEFAULT 'Edited',
    "agentName" TEXT,
    "wordsAdded" INTEGER NOT NULL DEFAULT 0,
    "wordsRemoved" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ContentRevision_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContentVisual" (
    "id" TEXT NOT NULL,
    "contentId" TEXT NOT NULL,
    "svg" TEXT NOT NULL,
    "tone" TEXT NOT NULL,
    "createdById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ContentVisual_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EditorPresence" (
    "contentId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "seenAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "EditorPresence_pkey" PRIMARY KEY ("contentId","userId")
);

-- CreateTable
CREATE TABLE "ContentTag" (
    "contentId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "ContentTag_pkey" PRIMARY KEY ("contentId","name")
);

-- CreateTable
CREATE TABLE "ContentMetric" (
    "contentId" TEXT NOT NULL,
    "date" TIMESTAMP(3) NOT NULL,
    "views" INTEGER NOT NULL,
    "shares" INTEGER NOT NULL,
    "engagedViews" INTEGER NOT NULL,
    "timeSpentSec" INTEGER NOT NULL,

    CONSTRAINT "ContentMetric_pkey" PRIMARY KEY ("contentId","date")
);

-- CreateTable
CREATE TABLE "ActivityEvent" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "contentId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ActivityEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Comment" (
    "id" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "contentId" TEXT NOT NULL,
    "authorId" TEXT NOT NULL,
    "resolvedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "parentId" TEXT,
    "quote" TEXT,
    "anchor" TEXT,
    "resolveNote" TEXT,
    "resolvedBy" TEXT,
    "agentName" TEXT,

    CONSTRAINT "Comment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Agent" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'idle',
    "position" INTEGER NOT NULL,
    "x" INTEGER NOT NULL,
    "y" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Agent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WorkflowRun" (
    "id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "contentId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),
    "briefTitle" TEXT,
    "brief" TEXT,
    "briefType" TEXT,
    "pipeline" TEXT,
    "startedAt" TIMESTAMP(3),
    "requestedById" TEXT,
    "outcome" TEXT,
    "baseBody" TEXT,

    CONSTRAINT "WorkflowRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WorkflowStep" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL DEFAULT 1,
    "status" TEXT NOT NULL,
    "error" TEXT,
    "tokens" INTEGER NOT NULL DEFAULT 0,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),
    "position" INTEGER,
    "durationMs" INTEGER,
    "inputRef" TEXT,
    "outputRef" TEXT,
    "note" TEXT,
    "approvedById" TEXT,

    CONSTRAINT "WorkflowStep_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WorkflowJob" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "agentId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "attempt" INTEGER NOT NULL DEFAULT 1,
    "maxAttempts" INTEGER NOT NULL DEFAULT 3,
    "availableAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseOwner" TEXT,
    "leasedUntil" TIMESTAMP(3),
    "lastError" TEXT,
    "idempotencyKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WorkflowJob_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WorkflowWorker" (
    "id" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "heartbeatAt" TIMESTAMP(3) NOT NULL,
    "currentJobId" TEXT,

    CONSTRAINT "WorkflowWorker_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PublishDelivery" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "contentId" TEXT NOT NULL,
    "integrationId" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "responseStatus" INTEGER,
    "idempotencyKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PublishDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BrandTone" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "BrandTone_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Integration" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "connected" BOOLEAN NOT NULL DEFAULT false,
    "handle" TEXT,
    "webhookUrl" TEXT,
    "webhookSecret" TEXT,
    "connectedAt" TIMESTAMP(3),
    "connectedById" TEXT,
    "accessTokenEnc" TEXT,
    "refreshTokenEnc" TEXT,
    "tokenExpiresAt" TIMESTAMP(3),
    "accountId" TEXT,
    "reconnectReason" TEXT,

    CONSTRAINT "Integration_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NetworkApp" (
    "network" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "clientSecretEnc" TEXT NOT NULL,
    "updatedById" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "NetworkApp_pkey" PRIMARY KEY ("network")
);

-- CreateTable
CREATE TABLE "OAuthAttempt" (
    "state" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "verifierEnc" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OAuthAttempt_pkey" PRIMARY KEY ("state")
);

-- CreateTable
CREATE TABLE "Settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
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
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Settings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AssistantCall" (
    "id" TEXT NOT NULL,
    "contentId" TEXT,
    "userId" TEXT,
    "purpose" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "model" TEXT,
    "promptTokens" INTEGER NOT NULL DEFAULT 0,
    "completionTokens" INTEGER NOT NULL DEFAULT 0,
    "usageEstimated" BOOLEAN NOT NULL DEFAULT false,
    "durationMs" INTEGER NOT NULL,
    "fallbackReason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AssistantCall_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AssistantModel" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "baseUrl" TEXT NOT NULL,
    "apiKey" TEXT,
    "model" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "updatedById" TEXT,

    CONSTRAINT "AssistantModel_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WorkflowSettings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "reviewerBelowThreshold" TEXT NOT NULL DEFAULT 'return',

    CONSTRAINT "WorkflowSettings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContentListing" (
    "id" INTEGER NOT NULL,
    "contentId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,
    "searchTitle" TEXT NOT NULL,
    "searchTags" TEXT NOT NULL DEFAULT '',
    "type" TEXT NOT NULL DEFAULT '',
    "authorId" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3),
    "publishedAt" TIMESTAMP(3),

    CONSTRAINT "ContentListing_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SearchFacetCode" (
    "id" SERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "value" TEXT NOT NULL,

    CONSTRAINT "SearchFacetCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContentMetricDaily" (
    "day" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,
    "shares" INTEGER NOT NULL DEFAULT 0,
    "engagedViews" INTEGER NOT NULL DEFAULT 0,
    "timeSpentSec" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ContentMetricDaily_pkey" PRIMARY KEY ("day","type")
);

-- CreateTable
CREATE TABLE "ContentMetricRunning" (
    "contentId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "views" INTEGER NOT NULL,
    "shares" INTEGER NOT NULL,
    "engagedViews" INTEGER NOT NULL,
    "timeSpentSec" INTEGER NOT NULL,

    CONSTRAINT "ContentMetricRunning_pkey" PRIMARY KEY ("contentId","day")
);

-- CreateTable
CREATE TABLE "ContentMetricMonthly" (
    "month" TEXT NOT NULL,
    "contentId" TEXT NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ContentMetricMonthly_pkey" PRIMARY KEY ("month","contentId")
);

-- CreateTable
CREATE TABLE "ContentPostEngagement" (
    "contentId" TEXT NOT NULL,
    "publishedAt" TEXT NOT NULL,
    "firstDay" TEXT NOT NULL,
    "engagedViews" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ContentPostEngagement_pkey" PRIMARY KEY ("contentId")
);

-- CreateTable
CREATE TABLE "PublishSchedule" (
    "contentId" TEXT NOT NULL,
    "publishAt" TIMESTAMP(3) NOT NULL,
    "slot" TEXT NOT NULL,
    "scheduledById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PublishSchedule_pkey" PRIMARY KEY ("contentId")
);

-- CreateTable
CREATE TABLE "ChannelPost" (
    "id" TEXT NOT NULL,
    "contentId" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "text" TEXT NOT NULL DEFAULT '',
    "link" TEXT,
    "imageUrl" TEXT,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "scheduledAt" TIMESTAMP(3),
    "publishedAt" TIMESTAMP(3),
    "externalId" TEXT,
    "externalUrl" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3),
    "lastError" TEXT,
    "deliveryKey" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "createdById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ChannelPost_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Upload" (
    "id" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "mime" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL,
    "alt" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "contentId" TEXT,
    "createdById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Upload_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TrackedSite" (
    "id" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "createdById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TrackedSite_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TrackerSettings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "respectDoNotTrack" BOOLEAN NOT NULL DEFAULT false,
    "retentionDays" INTEGER NOT NULL DEFAULT 90,

    CONSTRAINT "TrackerSettings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TrackEvent" (
    "id" SERIAL NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "kind" TEXT NOT NULL,
    "contentId" TEXT,
    "channelPostId" TEXT,
    "pageviewId" TEXT,
    "url" TEXT NOT NULL DEFAULT '',
    "referrer" TEXT NOT NULL DEFAULT '',
    "utmSource" TEXT NOT NULL DEFAULT '',
    "utmMedium" TEXT NOT NULL DEFAULT '',
    "utmCampaign" TEXT NOT NULL DEFAULT '',
    "visitor" TEXT NOT NULL DEFAULT '',
    "seconds" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "TrackEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TrackPageview" (
    "id" TEXT NOT NULL,
    "contentId" TEXT,
    "day" TEXT NOT NULL,
    "seconds" INTEGER NOT NULL DEFAULT 0,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TrackPageview_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UnassignedPageDaily" (
    "day" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "UnassignedPageDaily_pkey" PRIMARY KEY ("day","url")
);

-- CreateTable
CREATE TABLE "TrackerSalt" (
    "day" TEXT NOT NULL,
    "salt" TEXT NOT NULL,

    CONSTRAINT "TrackerSalt_pkey" PRIMARY KEY ("day")
);

-- CreateTable
CREATE TABLE "ApiToken" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "ApiToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ChannelPostMetric" (
    "channelPostId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "impressions" INTEGER NOT NULL DEFAULT 0,
    "likes" INTEGER NOT NULL DEFAULT 0,
    "comments" INTEGER NOT NULL DEFAULT 0,
    "shares" INTEGER NOT NULL DEFAULT 0,
    "clicks" INTEGER NOT NULL DEFAULT 0,
    "source" TEXT NOT NULL DEFAULT 'api',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ChannelPostMetric_pkey" PRIMARY KEY ("channelPostId","day")
);

-- CreateTable
CREATE TABLE "ShortLink" (
    "code" TEXT NOT NULL,
    "channelPostId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ShortLink_pkey" PRIMARY KEY ("code")
);

-- CreateTable
CREATE TABLE "ChannelMetricDaily" (
    "day" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "impressions" INTEGER NOT NULL DEFAULT 0,
    "likes" INTEGER NOT NULL DEFAULT 0,
    "comments" INTEGER NOT NULL DEFAULT 0,
    "shares" INTEGER NOT NULL DEFAULT 0,
    "clicks" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ChannelMetricDaily_pkey" PRIMARY KEY ("day","channel")
);

-- CreateTable
CREATE TABLE "ShortLinkDaily" (
    "channelPostId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "clicks" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ShortLinkDaily_pkey" PRIMARY KEY ("channelPostId","day")
);

-- CreateTable
CREATE TABLE "DataRevision" (
    "id" INTEGER NOT NULL,
    "n" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "DataRevision_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

-- CreateIndex
CREATE INDEX "Session_expiresAt_idx" ON "Session"("expiresAt");

-- CreateIndex
CREATE INDEX "LoginFailure_email_createdAt_idx" ON "LoginFailure"("email", "createdAt");

-- CreateIndex
CREATE INDEX "LoginFailure_ip_createdAt_idx" ON "LoginFailure"("ip", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Invitation_tokenHash_key" ON "Invitation"("tokenHash");

-- CreateIndex
CREATE INDEX "Notification_userId_createdAt_idx" ON "Notification"("userId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ContentItem_slug_key" ON "ContentItem"("slug");

-- CreateIndex
CREATE INDEX "ContentItem_status_updatedAt_idx" ON "ContentItem"("status", "updatedAt");

-- CreateIndex
CREATE INDEX "ContentItem_updatedAt_idx" ON "ContentItem"("updatedAt");

-- CreateIndex
CREATE INDEX "ContentItem_publishedAt_idx" ON "ContentItem"("publishedAt");

-- CreateIndex
CREATE INDEX "ContentRevision_contentId_createdAt_idx" ON "ContentRevision"("contentId", "createdAt");

-- CreateIndex
CREATE INDEX "ContentVisual_contentId_createdAt_idx" ON "ContentVisual"("contentId", "createdAt");

-- CreateIndex
CREATE INDEX "ContentTag_name_contentId_idx" ON "ContentTag"("name", "contentId");

-- CreateIndex
CREATE INDEX "ContentMetric_date_idx" ON "ContentMetric"("date");

-- CreateIndex
CREATE INDEX "ActivityEvent_createdAt_idx" ON "ActivityEvent"("createdAt");

-- CreateIndex
CREATE INDEX "Comment_contentId_createdAt_idx" ON "Comment"("contentId", "createdAt");

-- CreateIndex
CREATE INDEX "Comment_parentId_idx" ON "Comment"("parentId");

-- CreateIndex
CREATE INDEX "WorkflowRun_status_createdAt_idx" ON "WorkflowRun"("status", "createdAt");

-- CreateIndex
CREATE INDEX "WorkflowStep_agentId_startedAt_idx" ON "WorkflowStep"("agentId", "startedAt");

-- CreateIndex
CREATE UNIQUE INDEX "WorkflowStep_runId_position_attempt_key" ON "WorkflowStep"("runId", "position", "attempt");

-- CreateIndex
CREATE UNIQUE INDEX "WorkflowJob_idempotencyKey_key" ON "WorkflowJob"("idempotencyKey");

-- CreateIndex
CREATE INDEX "WorkflowJob_status_availableAt_idx" ON "WorkflowJob"("status", "availableAt");

-- CreateIndex
CREATE UNIQUE INDEX "PublishDelivery_idempotencyKey_key" ON "PublishDelivery"("idempotencyKey");

-- CreateIndex
CREATE INDEX "PublishDelivery_createdAt_idx" ON "PublishDelivery"("createdAt");

-- CreateIndex
CREATE INDEX "AssistantCall_contentId_idx" ON "AssistantCall"("contentId");

-- CreateIndex
CREATE INDEX "AssistantCall_createdAt_idx" ON "AssistantCall"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ContentListing_contentId_key" ON "ContentListing"("contentId");

-- CreateIndex
CREATE INDEX "ContentListing_updatedAt_id_searchTitle_searchTags_idx" ON "ContentListing"("updatedAt", "id", "searchTitle", "searchTags");

-- CreateIndex
CREATE INDEX "ContentListing_status_updatedAt_idx" ON "ContentListing"("status", "updatedAt");

-- CreateIndex
CREATE INDEX "ContentListing_views_id_searchTitle_searchTags_idx" ON "ContentListing"("views", "id", "searchTitle", "searchTags");

-- CreateIndex
CREATE INDEX "ContentListing_status_views_idx" ON "ContentListing"("status", "views");

-- CreateIndex
CREATE INDEX "ContentListing_type_updatedAt_idx" ON "ContentListing"("type", "updatedAt");

-- CreateIndex
CREATE INDEX "ContentListing_authorId_updatedAt_idx" ON "ContentListing"("authorId", "updatedAt");

-- CreateIndex
CREATE INDEX "ContentListing_type_authorId_idx" ON "ContentListing"("type", "authorId");

-- CreateIndex
CREATE INDEX "ContentListing_searchTitle_searchTags_idx" ON "ContentListing"("searchTitle", "searchTags");

-- CreateIndex
CREATE INDEX "ContentListing_contentId_status_type_authorId_idx" ON "ContentListing"("contentId", "status", "type", "authorId");

-- CreateIndex
CREATE INDEX "ContentListing_createdAt_idx" ON "ContentListing"("createdAt");

-- CreateIndex
CREATE INDEX "ContentListing_publishedAt_idx" ON "ContentListing"("publishedAt");

-- CreateIndex
CREATE UNIQUE INDEX "SearchFacetCode_kind_value_key" ON "SearchFacetCode"("kind", "value");

-- CreateIndex
CREATE INDEX "ContentMetricRunning_day_idx" ON "ContentMetricRunning"("day", "contentId", "views");

-- CreateIndex
CREATE INDEX "ContentMetricMonthly_month_views_idx" ON "ContentMetricMonthly"("month", "views");

-- CreateIndex
CREATE INDEX "ContentPostEngagement_publishedAt_idx" ON "ContentPostEngagement"("publishedAt");

-- CreateIndex
CREATE INDEX "PublishSchedule_publishAt_idx" ON "PublishSchedule"("publishAt");

-- CreateIndex
CREATE UNIQUE INDEX "ChannelPost_deliveryKey_key" ON "ChannelPost"("deliveryKey");

-- CreateIndex
CREATE INDEX "ChannelPost_status_scheduledAt_idx" ON "ChannelPost"("status", "scheduledAt");

-- CreateIndex
CREATE INDEX "ChannelPost_status_nextAttemptAt_idx" ON "ChannelPost"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "ChannelPost_scheduledAt_idx" ON "ChannelPost"("scheduledAt");

-- CreateIndex
CREATE INDEX "ChannelPost_channel_externalId_idx" ON "ChannelPost"("channel", "externalId");

-- CreateIndex
CREATE UNIQUE INDEX "ChannelPost_contentId_channel_key" ON "ChannelPost"("contentId", "channel");

-- CreateIndex
CREATE INDEX "Upload_sha256_idx" ON "Upload"("sha256");

-- CreateIndex
CREATE UNIQUE INDEX "TrackedSite_origin_key" ON "TrackedSite"("origin");

-- CreateIndex
CREATE INDEX "TrackEvent_at_idx" ON "TrackEvent"("at");

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_prefix_key" ON "ApiToken"("prefix");

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_tokenHash_key" ON "ApiToken"("tokenHash");

-- CreateIndex
CREATE INDEX "ChannelPostMetric_day_idx" ON "ChannelPostMetric"("day");

-- CreateIndex
CREATE UNIQUE INDEX "ShortLink_channelPostId_url_key" ON "ShortLink"("channelPostId", "url");

-- CreateIndex
CREATE INDEX "ShortLinkDaily_day_idx" ON "ShortLinkDaily"("day");

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invitation" ADD CONSTRAINT "Invitation_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NotificationPreference" ADD CONSTRAINT "NotificationPreference_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_contentId_fkey" FOREIGN KEY ("contentId") REFERENCES "ContentItem"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentItem" ADD CONSTRAINT "ContentItem_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentDoc" ADD CONSTRAINT "ContentDoc_contentId_fkey" FOREIGN KEY ("contentId") REFERENCES "ContentItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentRevision" ADD CONSTRAINT "ContentRevision_contentId_fkey" FOREIGN KEY ("contentId") REFERENCES "ContentItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentRevision" ADD CONSTRAINT "ContentRevision_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentVisual" ADD CONSTRAINT "ContentVisual_contentId_fkey" FOREIGN KEY ("contentId") REFERENCES "ContentItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EditorPresence" ADD CONSTRAINT "EditorPresence_contentId_fkey" FOREIGN KEY ("contentId") REFERENCES "ContentItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EditorPresence" ADD CONSTRAINT "EditorPresence_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentTag" ADD CONSTRAINT "ContentTag_contentId_fkey" FOREIGN KEY ("contentId") REFERENCES "ContentItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentMetric" ADD CONSTRAINT "ContentMetric_contentId_fkey" FOREIGN KEY ("contentId") REFERENCES "ContentItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ActivityEvent" ADD CONSTRAINT "ActivityEvent_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ActivityEvent" ADD CONSTRAINT "ActivityEvent_contentId_fkey" FOREIGN KEY ("contentId") REFERENCES "ContentItem"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Comment" ADD CONSTRAINT "Comment_contentId_fkey" FOREIGN KEY ("contentId") REFERENCES "ContentItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Comment" ADD CONSTRAINT "Comment_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Comment" ADD CONSTRAINT "Comment_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "Comment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Comment" ADD CONSTRAINT "Comment_resolvedBy_fkey" FOREIGN KEY ("resolvedBy") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkflowRun" ADD CONSTRAINT "WorkflowRun_contentId_fkey" FOREIGN KEY ("contentId") REFERENCES "ContentItem"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkflowStep" ADD CONSTRAINT "WorkflowStep_runId_fkey" FOREIGN KEY ("runId") REFERENCES "WorkflowRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkflowStep" ADD CONSTRAINT "WorkflowStep_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkflowJob" ADD CONSTRAINT "WorkflowJob_runId_fkey" FOREIGN KEY ("runId") REFERENCES "WorkflowRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PublishSchedule" ADD CONSTRAINT "PublishSchedule_contentId_fkey" FOREIGN KEY ("contentId") REFERENCES "ContentItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChannelPost" ADD CONSTRAINT "ChannelPost_contentId_fkey" FOREIGN KEY ("contentId") REFERENCES "ContentItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

