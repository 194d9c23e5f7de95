import { prisma } from "~/db/db.server";
import { hashToken, newToken } from "~/crypto/tokens.server";
import { z } from "zod/v4";
import { col, parseRow } from "~/db/db-row.server";
import { hotReads } from "~/db/hot-reads.server";
import { acrossWorkspaces, FIRST_WORKSPACE_ID } from "~/db/workspace-scope.server";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
// Writing lastUsedAt on every request would make each page view a write; once a minute is enough.
const TOUCH_EVERY_MS = 60 * 1000;

export async function createSession(userId: string, client: { userAgent: string; ip: string }, now = new Date()) {
  const token = newToken();
  const workspaceId = (await firstMembership(userId))?.workspaceId ?? FIRST_WORKSPACE_ID;
  const [session] = await prisma.$transaction([
    prisma.session.create({
      data: {
        id: hashToken(token),
        userId,
        workspaceId,
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
  role: col.text.nullable(),
  title: col.text,
  status: col.text,
  membership: col.text.nullable(),
  workspaceName: col.text.nullable(),
  isOwner: col.bool,
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
  // A session is found by its token across workspaces, with its membership where it works.
  const row = parseRow(SessionRow, await acrossWorkspaces(() => hotReads().sessionRow(id)));
  if (!row || row.expiresAt <= now || row.status !== "active") return null;
  // Not (or no longer) a member where the session works: their first other workspace, if any (decision 073).
  const here = row.role && row.membership === "active" ? { workspaceId: row.workspaceId, role: row.role, name: row.workspaceName } : null;
  const place = here ?? (await firstMembership(row.userId));
  if (!place) return null;
  const session = {
    id: row.id,
    expiresAt: row.expiresAt,
    lastUsedAt: row.lastUsedAt,
    workspaceId: place.workspaceId,
    workspaceName: place.name ?? "",
    user: {
      id: row.userId,
      name: row.name,
      email: row.email,
      role: place.role,
      title: row.title,
      status: row.status,
      isOwner: row.isOwner,
      lastSeenAt: row.lastSeenAt,
    },
  };
  if (now.getTime() - session.lastUsedAt.getTime() > TOUCH_EVERY_MS) await touch(session.id, session.user.id, now);
  return session;
}

/** The member's oldest active membership: where a session opens (sign-in, or after removal elsewhere). */
export function firstMembership(userId: string) {
  return acrossWorkspaces(async () => {
    const first = await prisma.membership.findFirst({
      where: { userId, status: "active" },
      orderBy: [{ createdAt: "asc" }, { workspaceId: "asc" }],
      select: { workspaceId: true, role: true },
    });
    if (!first) return null;
    const workspace = await prisma.workspace.findUnique({ where: { id: first.workspaceId }, select: { name: true } });
    return { ...first, name: workspace?.name ?? "" };
  });
}

/** The session works in this workspace from now on (the switcher). */
export function moveSession(id: string, workspaceId: string) {
  return prisma.session.update({ where: { id }, data: { workspaceId }, select: { id: true } });
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
