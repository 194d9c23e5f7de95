import { prisma } from "~/db.server";
import { hashToken, newToken } from "~/tokens.server";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
// Writing lastUsedAt on every request would make each page view a write; once a minute is enough.
const TOUCH_EVERY_MS = 60 * 1000;

const SESSION_USER = { id: true, name: true, email: true, role: true, title: true, status: true, lastSeenAt: true } as const;

export async function createSession(userId: string, client: { userAgent: string; ip: string }, now = new Date()) {
  const token = newToken();
  const [session] = await prisma.$transaction([
    prisma.session.create({
      data: { id: hashToken(token), userId, createdAt: now, lastUsedAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS), ...client },
      select: { id: true, expiresAt: true },
    }),
    prisma.user.update({ where: { id: userId }, data: { lastSeenAt: now }, select: { id: true } }),
  ]);
  return { token, ...session };
}

/** The live session behind a cookie token, with its active member; touches both at most once a minute. */
export async function findSession(token: string, now = new Date()) {
  const session = await prisma.session.findUnique({
    where: { id: hashToken(token) },
    select: { id: true, expiresAt: true, lastUsedAt: true, user: { select: SESSION_USER } },
  });
  if (!session || session.expiresAt <= now || session.user.status !== "active") return null;
  if (now.getTime() - session.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await prisma.$transaction([
      prisma.session.update({ where: { id: session.id }, data: { lastUsedAt: now }, select: { id: true } }),
      prisma.user.update({ where: { id: session.user.id }, data: { lastSeenAt: now }, select: { id: true } }),
    ]);
  }
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
