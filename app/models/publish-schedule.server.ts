// 'Schedule posts for optimal timing': an Editor/Admin may approve an item for the best time to post
// instead of now; the scheduler publishes it then (decision 006).
import { thisWorkspace } from "~/db/workspace-keys.server";
import { Prisma } from "@prisma/client";
import { randomUUID } from "node:crypto";
import { prisma } from "~/db/db.server";
import { claimDue, LEASED, releaseLease } from "~/db/job-lease.server";
import { SYSTEM_ACTOR, contentObject, memberActor, type AuditActor } from "~/domain/audit";
import { recordAudit } from "~/models/audit.server";
import { meetsThreshold, scoreLocal } from "~/domain/assistant/score";
import { nextSlotStart, slotName } from "~/domain/best-time";
import { belowThresholdMessage, checkTransition } from "~/domain/lifecycle";
import { schedulingSlot } from "./analytics-view.server";
import { getBrandVoice } from "./assistant.server";
import { logActivity } from "./content-write.server";
import { notify } from "./notification.server";
import { wakePublishScheduler } from "~/db/wake.server";

export type ScheduleResult =
  { ok: true; publishAt: Date; slot: string } | { ok: false; kind: "forbidden" | "not-found" | "conflict"; error: string };

export async function getSchedule(contentId: string): Promise<{ publishAt: Date; slot: string } | null> {
  return prisma.publishSchedule.findUnique({ where: { contentId }, select: { publishAt: true, slot: true } });
}

/** Whether scheduling is on, and the slot it would use now. */
export async function schedulingOffer(now = new Date()) {
  const settings = await prisma.settings.findUnique({ where: thisWorkspace(), select: { scheduleOptimalTiming: true, timeZone: true } });
  if (!settings?.scheduleOptimalTiming) return { enabled: false, slot: null } as const;
  const tz = settings.timeZone;
  const slot = await schedulingSlot(now, tz);
  return {
    enabled: true,
    slot: slot ? { name: slotName(slot.weekday, slot.hour, tz), posts: slot.posts, publishAt: nextSlotStart(now, slot, tz) } : null,
  } as const;
}

/** Approves an item in review for the next best slot: it stays in review until the scheduler publishes it. */
export async function schedulePublish(
  id: string,
  user: { id: string; role: string; name: string },
  now = new Date(),
): Promise<ScheduleResult> {
  const item = await prisma.contentItem.findUnique({ where: { id }, select: { title: true, status: true, authorId: true, body: true } });
  if (!item) return { ok: false, kind: "not-found", error: "That content item does not exist." };
  const check = checkTransition(user, item, "approve");
  if (!check.ok) return check;
  // Scheduling approves: below the threshold it is refused, and only Publish offers the override.
  const voice = await getBrandVoice();
  const score = scoreLocal(item.body, voice).score;
  if (!meetsThreshold(score, voice)) {
    return {
      ok: false,
      kind: "conflict",
      error: `${belowThresholdMessage({ score, threshold: voice.threshold })} Scheduling needs the score to meet it; use Publish to override.`,
    };
  }
  const offer = await schedulingOffer(now);
  if (!offer.enabled)
    return {
      ok: false,
      kind: "conflict",
      error: "Scheduling is off: turn on 'Schedule posts for optimal timing' in Settings › Integrations, or publish now.",
    };
  if (!offer.slot)
    return {
      ok: false,
      kind: "conflict",
      error: "There is no best time to post yet (no weekday and hour with 3 or more posts in the last 90 days). Publish now instead.",
    };
  const { publishAt, name } = offer.slot;
  await prisma.$transaction(async (tx) => {
    const schedule = { publishAt, slot: name, scheduledById: user.id, createdAt: now };
    await tx.publishSchedule.upsert({
      where: { contentId: id },
      create: { contentId: id, ...schedule },
      update: schedule,
      select: { contentId: true },
    });
    await logActivity(tx, {
      type: "schedule",
      action: `scheduled for ${publishAt.toISOString().slice(0, 16).replace("T", " ")} UTC`,
      target: item.title,
      userId: user.id,
      contentId: id,
    });
    await recordAudit(
      {
        actor: memberActor(user),
        action: "content.scheduled",
        object: contentObject({ id, title: item.title }),
        after: { publishAt, slot: name },
      },
      tx,
      now,
    );
  });
  wakePublishScheduler();
  return { ok: true, publishAt, slot: name };
}

/**
 * An item its approval chain approved without publishing goes out with its first scheduled channel
 * post: the scheduler publishes it then, and its posts follow at their own times (decision 044).
 */
export async function scheduleWithFirstPost(
  item: { id: string; title: string },
  publishAt: Date,
  by: { actor: AuditActor; memberId: string },
  now = new Date(),
) {
  await prisma.$transaction(async (tx) => {
    const schedule = { publishAt, slot: "its first scheduled post", scheduledById: by.memberId, createdAt: now };
    await tx.publishSchedule.upsert({ where: { contentId: item.id }, create: { contentId: item.id, ...schedule }, update: schedule });
    await recordAudit(
      { actor: by.actor, action: "content.scheduled", object: contentObject(item), after: { publishAt, slot: schedule.slot } },
      tx,
      now,
    );
  });
  wakePublishScheduler();
}

/** A post moved before its approved item's publish time brings the publish forward; false when not scheduled. */
export async function bringScheduleForward(contentId: string, at: Date): Promise<boolean> {
  const schedule = await prisma.publishSchedule.findUnique({ where: { contentId }, select: { publishAt: true } });
  if (!schedule) return false;
  if (schedule.publishAt > at) await prisma.publishSchedule.update({ where: { contentId }, data: { publishAt: at } });
  return true;
}

/** Callers check content.publish first. */
export async function cancelSchedule(
  id: string,
  actor: AuditActor,
): Promise<{ ok: true } | { ok: false; kind: "not-found"; error: string }> {
  const count = await prisma.$transaction(async (tx) => {
    const item = await tx.contentItem.findUnique({ where: { id }, select: { title: true } });
    const { count } = await tx.publishSchedule.deleteMany({ where: { contentId: id } });
    if (count && item) await recordAudit({ actor, action: "content.unscheduled", object: contentObject({ id, title: item.title }) }, tx);
    return count;
  });
  if (count) wakePublishScheduler();
  return count ? { ok: true } : { ok: false, kind: "not-found", error: "That item is not scheduled." };
}

/** How long a pass holds the schedules it claimed: a crashed replica's are published by another after this. */
export const SCHEDULE_LEASE_MS = Number(process.env.SCHEDULE_LEASE_MS ?? 60_000);

/**
 * Publishes every scheduled item whose time has come, dated at its slot. Each pass claims its due
 * schedules under a lease (decision 069), so replicas never work the same one; the schedule is deleted
 * in the transaction that publishes, only while this pass still holds it, so a schedule is published
 * once even when a pass outlives its lease. An item that left review in the meantime has already lost
 * its schedule (a trigger drops it); the status check guards a race.
 */
export async function publishDue(
  now = new Date(),
  onPublished?: (contentId: string) => Promise<unknown>,
  /** Whether the item may still go out (its approval chain's approval not undone by a change since); else its schedule is dropped. */
  mayPublish?: (contentId: string) => Promise<boolean>,
): Promise<number> {
  const token = `publish:${randomUUID()}`;
  const ids = await claimDue(LEASED.publishSchedule, {
    due: (at) => Prisma.sql`"publishAt" <= ${at}`,
    orderBy: Prisma.sql`"publishAt"`,
    limit: 50,
    now,
    until: new Date(Math.max(now.getTime(), Date.now()) + SCHEDULE_LEASE_MS),
    owner: token,
  });
  const due = await prisma.publishSchedule.findMany({
    where: { contentId: { in: ids }, leaseOwner: token },
    orderBy: { publishAt: "asc" },
    select: { contentId: true, publishAt: true, slot: true, scheduledById: true },
  });
  let published = 0;
  for (const s of due) {
    if (mayPublish && !(await mayPublish(s.contentId))) {
      await dropWithdrawnSchedule(s.contentId, token, now);
      continue;
    }
    const done = await prisma.$transaction(async (tx) => {
      const held = await tx.publishSchedule.deleteMany({ where: { contentId: s.contentId, publishAt: s.publishAt, leaseOwner: token } });
      if (!held.count) return null; // rescheduled meanwhile, or this pass's lease ran out and another took it
      const moved = await tx.contentItem.updateMany({
        where: { id: s.contentId, status: "review" },
        data: { status: "published", publishedAt: s.publishAt, updatedAt: now },
      });
      if (!moved.count) return null;
      const item = await tx.contentItem.findUniqueOrThrow({ where: { id: s.contentId }, select: { title: true } });
      await logActivity(tx, {
        type: "publish",
        action: `published at the scheduled time (${s.slot})`,
        target: item.title,
        userId: s.scheduledById,
        contentId: s.contentId,
      });
      await recordAudit(
        {
          actor: SYSTEM_ACTOR,
          action: "content.published",
          object: contentObject({ id: s.contentId, title: item.title }),
          after: { status: "published", slot: s.slot },
        },
        tx,
        now,
      );
      return item.title;
    });
    if (done === null) {
      // A schedule moved to a later time keeps waiting for it, not for this lease.
      await releaseLease(LEASED.publishSchedule, s.contentId, token);
      continue;
    }
    published++;
    await onPublished?.(s.contentId);
    await notify("published", {
      actorId: s.scheduledById,
      contentId: s.contentId,
      message: `“${done}” was published at its scheduled time (${s.slot})`,
      now,
    });
  }
  return published;
}

/** A due schedule whose approval a change undid: dropped (the chain asks again; its posts are missed meanwhile). */
async function dropWithdrawnSchedule(contentId: string, token: string, now: Date) {
  await prisma.$transaction(async (tx) => {
    const held = await tx.publishSchedule.deleteMany({ where: { contentId, leaseOwner: token } });
    const item = await tx.contentItem.findUnique({ where: { id: contentId }, select: { title: true } });
    if (!held.count || !item) return;
    await recordAudit(
      {
        actor: SYSTEM_ACTOR,
        action: "content.unscheduled",
        object: contentObject({ id: contentId, title: item.title }),
        after: { reason: "its approval was undone by a change" },
      },
      tx,
      now,
    );
  });
}

/**
 * When the scheduler should look next: the earliest scheduled time, and for a schedule a pass holds,
 * not before its lease ends (a crashed replica's schedule is taken over then).
 */
export async function nextScheduledAt(): Promise<Date | null> {
  const [free, leased] = await Promise.all([
    prisma.publishSchedule.aggregate({ where: { leaseUntil: null }, _min: { publishAt: true } }),
    prisma.publishSchedule.findMany({ where: { leaseUntil: { not: null } }, select: { publishAt: true, leaseUntil: true } }),
  ]);
  const times = [free._min.publishAt, ...leased.map((s) => (s.leaseUntil! > s.publishAt ? s.leaseUntil : s.publishAt))];
  const known = times.filter((t): t is Date => !!t).map((t) => t.getTime());
  return known.length ? new Date(Math.min(...known)) : null;
}

/** Items planned to publish in a window (the calendar), for one author or all ("all"). */
export function plannedPublishes(range: { start: Date; end: Date }, author: string) {
  return prisma.publishSchedule.findMany({
    where: { publishAt: { gte: range.start, lt: range.end }, ...(author !== "all" ? { content: { authorId: author } } : {}) },
    select: { contentId: true, publishAt: true, content: { select: { title: true } } },
  });
}
