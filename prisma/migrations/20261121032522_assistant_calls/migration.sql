-- CreateTable
CREATE TABLE "AssistantCall" (
    "id" TEXT NOT NULL PRIMARY KEY,
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
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "AssistantModel" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT DEFAULT 1,
    "baseUrl" TEXT NOT NULL,
    "apiKey" TEXT,
    "model" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    "updatedById" TEXT
);

-- CreateIndex
CREATE INDEX "AssistantCall_contentId_idx" ON "AssistantCall"("contentId");

-- CreateIndex
CREATE INDEX "AssistantCall_createdAt_idx" ON "AssistantCall"("createdAt");

