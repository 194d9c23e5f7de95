-- Issue 37: the chain says whether its last approval publishes the item then. Chains made before
-- this choice existed published on the last approval, and keep doing so.
ALTER TABLE "ApprovalChain" ADD COLUMN "publishWhenApproved" BOOLEAN NOT NULL DEFAULT false;
-- Guarded: the content version's statement trigger would move even for an UPDATE of no rows.
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM "ApprovalChain") THEN
        UPDATE "ApprovalChain" SET "publishWhenApproved" = true;
    END IF;
END $$;

-- The chain's choice, copied onto the item at submission (items already in a chain keep publishing).
ALTER TABLE "ApprovalRequest" ADD COLUMN "publishWhenApproved" BOOLEAN NOT NULL DEFAULT true;
