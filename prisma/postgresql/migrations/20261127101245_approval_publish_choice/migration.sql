-- Issue 37: the chain says whether its last approval publishes the item then. Chains made before
-- this choice existed published on the last approval, and keep doing so.
ALTER TABLE "ApprovalChain" ADD COLUMN "publishWhenApproved" BOOLEAN NOT NULL DEFAULT false;
UPDATE "ApprovalChain" SET "publishWhenApproved" = true;

-- The chain's choice, copied onto the item at submission (items already in a chain keep publishing).
ALTER TABLE "ApprovalRequest" ADD COLUMN "publishWhenApproved" BOOLEAN NOT NULL DEFAULT true;
