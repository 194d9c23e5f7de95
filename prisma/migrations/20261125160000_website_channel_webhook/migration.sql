-- The website channel's webhook (issue 16). Added columns, not a table rebuild, so other branches'
-- Settings columns survive whichever order the migrations run in.
ALTER TABLE "Settings" ADD COLUMN "websiteWebhookUrl" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Settings" ADD COLUMN "websiteWebhookSecret" TEXT NOT NULL DEFAULT '';
