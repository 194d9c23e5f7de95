import { prisma } from "~/db/db.server";
import { hashToken, newToken } from "~/crypto/tokens.server";
import { z } from "zod/v4";
import { col, parseRow } from "~/db/db-row.server";
import { hotReads } from "~/db/hot-reads.server";
import { FIRST_WORKSPACE_ID } from "~/db/workspace-scope.server";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
// Writing lastUsedAt on every request would make each page view a write; once a minute is enough.
const TOUCH_EVERY_MS = 60 * 1000;

export async function createSession(userId: string, client: { userAgent: string; ip: string }, now = new Date()) {
  const token = newToken();
  const [session] = await prisma.$transaction([
    prisma.session.create({
      data: {
        id: hashToken(token),
        userId,
        workspaceId: FIRST_WORKSPACE_ID,
        createdAt: now,
        lastUsedAt: now,
        expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
        ...client,
      },
      select: { id: true, expiresAt: true },
    }),
    prisma.user.update({ where: { id: userId }, data: { lastSeenAt: now }, select: { id: true } }),
  ]);
  return { token, ...session };
}

const SessionRow = z.object({
  id: col.text,
  expiresAt: col.date,
  lastUsedAt: col.date,
  workspaceId: col.text,
  userId: col.text,
  name: col.text,
  email: col.text,
  role: col.text,
  title: col.text,
  status: col.text,
  lastSeenAt: col.date.nullable(),
});

// Runs on every request (root loader and each screen's): a hot read (decision 011).

// A page's root and route loaders look the session up concurrently; when it is due a touch, both
// would write. The second waits for the first's write instead.
const touching = new Map<string, Promise<unknown>>();

function touch(sessionId: string, userId: string, now: Date) {
  let write = touching.get(sessionId);
  if (!write) {
    write = prisma
      .$transaction([
        prisma.session.update({ where: { id: sessionId }, data: { lastUsedAt: now }, select: { id: true } }),
        prisma.user.update({ where: { id: userId }, data: { lastSeenAt: now }, select: { id: true } }),
      ])
      .finally(() => touching.delete(sessionId));
    touching.set(sessionId, write);
  }
  return write;
}

/** The live session behind a cookie token, with its active member; touches both at most once a minute. */
export async function findSession(token: string, now = new Date()) {
  const id = hashToken(token);
  const row = parseRow(SessionRow, await hotReads().sessionRow(id));
  if (!row) return null;
  const session = {
    id: row.id,
    expiresAt: row.expiresAt,
    lastUsedAt: row.lastUsedAt,
    workspaceId: row.workspaceId || FIRST_WORKSPACE_ID,
    user: {
      id: row.userId,
      name: row.name,
      email: row.email,
      role: row.role,
      title: row.title,
      status: row.status,
      lastSeenAt: row.lastSeenAt,
    },
  };
  if (session.expiresAt <= now || session.user.status !== "active") return null;
  if (now.getTime() - session.lastUsedAt.getTime() > TOUCH_EVERY_MS) await touch(session.id, session.user.id, now);
  return session;
}

export function deleteSession(id: string) {
  return prisma.session.deleteMany({ where: { id } });
}

export function deleteOtherSessions(userId: string, keepId: string) {
  return prisma.session.deleteMany({ where: { userId, id: { not: keepId } } });
}

export function listSessions(userId: string, now = new Date()) {
  return prisma.session.findMany({
    where: { userId, expiresAt: { gt: now } },
    select: { id: true, createdAt: true, lastUsedAt: true, userAgent: true, ip: true },
    orderBy: { lastUsedAt: "desc" },
  });
}

export function purgeExpiredSessions(now = new Date()) {
  return prisma.session.deleteMany({ where: { expiresAt: { lte: now } } });
}
