// The hot reads on PostgreSQL (decisions 048, 068): the same rows through Prisma's connection.
import { prisma } from "~/db/db.server";

export async function sessionRow(id: string): Promise<unknown> {
  const [row] = await prisma.$queryRaw<
    unknown[]
  >`SELECT s."id", s."expiresAt", s."lastUsedAt", s."workspaceId", u."id" AS "userId", u."name", u."email",
    m."role", u."title", u."status", m."status" AS "membership", w."name" AS "workspaceName", u."isOwner", u."lastSeenAt"
    FROM "Session" s JOIN "User" u ON u."id" = s."userId"
    LEFT JOIN "Membership" m ON m."workspaceId" = s."workspaceId" AND m."userId" = u."id"
    LEFT JOIN "Workspace" w ON w."id" = s."workspaceId" WHERE s."id" = ${id}`;
  return row;
}

export async function presenceRow(contentId: string, userId: string): Promise<unknown> {
  const [row] = await prisma.$queryRaw<
    unknown[]
  >`SELECT "seenAt" FROM "EditorPresence" WHERE "contentId" = ${contentId} AND "userId" = ${userId}`;
  return row;
}

export function teamOnlineRows(workspaceId: string, now: Date, since: Date): Promise<unknown[]> {
  return prisma.$queryRaw<unknown[]>`SELECT u."id", u."name",
      EXISTS (SELECT 1 FROM "Session" s WHERE s."userId" = u."id" AND s."expiresAt" > ${now} AND s."lastUsedAt" >= ${since}) AS "live"
    FROM "Membership" m JOIN "User" u ON u."id" = m."userId"
    WHERE m."workspaceId" = ${workspaceId} AND m."status" = 'active' AND u."status" = 'active'
    ORDER BY "live" DESC, u."createdAt" ASC, u."id" ASC`;
}

export function notificationRows(userId: string, take: number): Promise<unknown[]> {
  return prisma.$queryRaw<unknown[]>`SELECT "id", "event", "message", "contentId", "createdAt", "readAt" FROM "Notification"
    WHERE "userId" = ${userId} AND "resolvedAt" IS NULL ORDER BY "createdAt" DESC LIMIT ${take}`;
}

export async function unreadRow(userId: string): Promise<unknown> {
  const [row] = await prisma.$queryRaw<
    unknown[]
  >`SELECT COUNT(*) AS "n" FROM "Notification" WHERE "userId" = ${userId} AND "readAt" IS NULL AND "resolvedAt" IS NULL`;
  return row;
}

/** Kept by the statement-level triggers of the twins migration. */
export async function revisionRow(): Promise<unknown> {
  const [row] = await prisma.$queryRaw<unknown[]>`SELECT "n" FROM "DataRevision" WHERE "id" = 1`;
  return row;
}

export const revisionFallback = () => -1;
