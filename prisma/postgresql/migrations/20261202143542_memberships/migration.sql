-- Memberships (decision 073): a person's role is per workspace. Each member of the first workspace
-- keeps the role and status they had; the account keeps only whether it can sign in.
CREATE TABLE "Membership" (
    "userId" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "workspaceId" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "Membership_pkey" PRIMARY KEY ("workspaceId", "userId")
);
CREATE INDEX "Membership_userId_idx" ON "Membership"("userId");
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
INSERT INTO "Membership" ("userId", "role", "status", "createdAt", "workspaceId")
SELECT "id", "role", "status", "createdAt", 'first' FROM "User";
ALTER TABLE "User" DROP COLUMN "role";
ALTER TABLE "User" ADD COLUMN "isOwner" BOOLEAN NOT NULL DEFAULT false;
-- The first Admin runs the instance (only where there is one: a statement trigger moves the content version even for no row).
DO $$ BEGIN
    IF EXISTS (SELECT 1 FROM "Membership" WHERE "role" = 'Admin' AND "status" = 'active') THEN
        UPDATE "User" SET "isOwner" = true WHERE "id" = (
            SELECT "userId" FROM "Membership" WHERE "role" = 'Admin' AND "status" = 'active' ORDER BY "createdAt", "userId" LIMIT 1);
    END IF;
END $$;
CREATE TRIGGER "Membership_revision" AFTER INSERT OR UPDATE OR DELETE ON "Membership" FOR EACH STATEMENT EXECUTE FUNCTION studio_data_revision();
CREATE TRIGGER "Workspace_revision" AFTER INSERT OR UPDATE OR DELETE ON "Workspace" FOR EACH STATEMENT EXECUTE FUNCTION studio_data_revision();
