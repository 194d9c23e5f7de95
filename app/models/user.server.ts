import { prisma } from "~/db.server";

export const ONLINE_WINDOW_MS = 15 * 60 * 1000;

const PUBLIC = { id: true, name: true, email: true, role: true, title: true, status: true, lastSeenAt: true, notificationsSeenAt: true } as const;

/** Until accounts exist, every request acts as the demo content manager. */
export async function getCurrentUser() {
  const user =
    (await prisma.user.findFirst({ where: { title: "Content Manager" }, select: PUBLIC, orderBy: { createdAt: "asc" } })) ??
    (await prisma.user.findFirst({ select: PUBLIC, orderBy: { createdAt: "asc" } }));
  if (!user) throw new Response("No team members exist. Run `npx prisma db seed`.", { status: 503 });
  return user;
}

export function touchLastSeen(userId: string, now = new Date()) {
  return prisma.user.update({ where: { id: userId }, data: { lastSeenAt: now }, select: { id: true } });
}

export function listOnline(now = new Date()) {
  return prisma.user.findMany({
    where: { lastSeenAt: { gte: new Date(now.getTime() - ONLINE_WINDOW_MS) } },
    select: { id: true, name: true },
    orderBy: { lastSeenAt: "desc" },
  });
}

export function listTeam() {
  return prisma.user.findMany({ select: PUBLIC, orderBy: { createdAt: "asc" } });
}
