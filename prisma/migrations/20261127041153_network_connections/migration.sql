-- AlterTable
ALTER TABLE "Integration" ADD COLUMN "accessTokenEnc" TEXT;
ALTER TABLE "Integration" ADD COLUMN "accountId" TEXT;
ALTER TABLE "Integration" ADD COLUMN "reconnectReason" TEXT;
ALTER TABLE "Integration" ADD COLUMN "refreshTokenEnc" TEXT;
ALTER TABLE "Integration" ADD COLUMN "tokenExpiresAt" DATETIME;

-- CreateTable
CREATE TABLE "NetworkApp" (
    "network" TEXT NOT NULL PRIMARY KEY,
    "clientId" TEXT NOT NULL,
    "clientSecretEnc" TEXT NOT NULL,
    "updatedById" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "OAuthAttempt" (
    "state" TEXT NOT NULL PRIMARY KEY,
    "network" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "verifierEnc" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);


-- The network is called X now (issue 36).
UPDATE "Integration" SET "name" = 'X' WHERE "id" = 'twitter' AND "name" = 'Twitter';
