import { prisma } from "~/db/db.server";
import { z } from "zod/v4";
import { col, parseRows } from "~/db/db-row.server";
import { hotReads } from "~/db/hot-reads.server";
import { audienceOf, effectivePreferences, type NotificationEvent } from "~/domain/notifications";

const NotificationRow = z.object({
  id: col.text,
  event: col.text,
  message: col.text,
  contentId: col.text.nullable(),
  createdAt: col.date,
  readAt: col.date.nullable(),
});
const UnreadRow = z.object({ n: col.int });

// The bell's list and count run on every page (root loader): hot reads (decision 011).
export async function listNotifications(userId: string, take = 8) {
  return parseRows(NotificationRow, await hotReads().notificationRows(userId, take));
}

export async function countUnreadNotifications(userId: string) {
  return UnreadRow.parse(await hotReads().unreadRow(userId)).n;
}

export function markNotificationsRead(userId: string, now = new Date()) {
  return prisma.notification.updateMany({ where: { userId, readAt: null }, data: { readAt: now } });
}

/** The subject of a connection's notifications ("Mastodon needs reconnecting"). */
export const connectionSubject = (id: string) => `connection:${id}`;

/**
 * The notifications about `subject` are put right: the bell stops showing and counting them. A
 * query to run in the same transaction as the write that puts it right, so both read one truth.
 */
export function resolveNotificationsAbout(subject: string, now = new Date()) {
  return prisma.notification.updateMany({ where: { subject, resolvedAt: null }, data: { resolvedAt: now } });
}

export async function getNotificationPreferences(userId: string) {
  return effectivePreferences(await prisma.notificationPreference.findMany({ where: { userId }, select: { event: true, enabled: true } }));
}

export function setNotificationPreferences(userId: string, prefs: Record<NotificationEvent, boolean>) {
  return prisma.$transaction(
    Object.entries(prefs).map(([event, enabled]) =>
      prisma.notificationPreference.upsert({
        where: { userId_event: { userId, event } },
        create: { userId, event, enabled },
        update: { enabled },
        select: { event: true },
      }),
    ),
  );
}

/**
 * Tells the members an event concerns (the item's author, the Editors and Admins, or the `also`
 * members named — mentioned, or in the thread replied to), except the member who caused it and
 * anyone who turned that event off.
 */
export async function notify(
  event: NotificationEvent,
  input: {
    actorId: string;
    message: string;
    contentId?: string | null;
    now?: Date;
    also?: string[];
    except?: string[];
    /** Only the `also` members hear of it (an approval chain's step), not the event's usual audience. */
    named?: boolean;
    /** What it is about, when that can be put right ("connection:mastodon"): `resolveNotificationsAbout` clears it. */
    subject?: string;
  },
) {
  const audience = input.named ? "named" : audienceOf(event);
  let candidates: string[] = [];
  if (audience === "named") {
    candidates = await activeMemberIds(input.also ?? []);
  } else if (audience === "author") {
    if (!input.contentId) return 0;
    const item = await prisma.contentItem.findUnique({
      where: { id: input.contentId },
      select: { authorId: true },
    });
    candidates = item ? await activeMemberIds([item.authorId]) : [];
  } else {
    const reviewers = await prisma.membership.findMany({
      where: { status: "active", role: { in: ["Editor", "Admin"] }, user: { status: "active" } },
      select: { userId: true },
    });
    candidates = reviewers.map((r) => r.userId);
  }
  if (audience !== "named" && input.also?.length) {
    candidates = [...new Set([...candidates, ...(await activeMemberIds(input.also))])];
  }
  const left = new Set([input.actorId, ...(input.except ?? [])]);
  candidates = candidates.filter((id) => !left.has(id));
  if (candidates.length === 0) return 0;
  const muted = await prisma.notificationPreference.findMany({
    where: { userId: { in: candidates }, event, enabled: false },
    select: { userId: true },
  });
  const mutedIds = new Set(muted.map((m) => m.userId));
  const recipients = candidates.filter((id) => !mutedIds.has(id));
  const createdAt = input.now ?? new Date();
  await prisma.notification.createMany({
    data: recipients.map((userId) => ({
      userId,
      event,
      message: input.message,
      contentId: input.contentId ?? null,
      subject: input.subject ?? null,
      createdAt,
    })),
  });
  return recipients.length;
}

/** Of these people, the active members of the workspace in scope (decision 073): nobody else hears of its work. */
async function activeMemberIds(userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await prisma.membership.findMany({
    where: { userId: { in: userIds }, status: "active", user: { status: "active" } },
    select: { userId: true },
  });
  return rows.map((r) => r.userId);
}
