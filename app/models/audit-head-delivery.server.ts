// The daily post of each audit chain's head (decision 075): the address in Settings › Audit log, and
// one row per chain's scope holding the last day (UTC) its head was posted, claimed under a lease like
// every job's row (decision 069), so two passes or two replicas never post the same day twice.
import { thisWorkspace } from "~/db/workspace-keys.server";
import { Prisma } from "@prisma/client";
import { prisma } from "~/db/db.server";
import { claimDue, LEASED } from "~/db/job-lease.server";
import { wakeAuditHeadPoster } from "~/db/wake.server";
import type { AuditInput } from "~/domain/audit";
import { recordAudit } from "~/models/audit.server";

export async function getAuditHeadWebhookUrl(): Promise<string> {
  const row = await prisma.settings.findUnique({ where: thisWorkspace(), select: { auditHeadWebhookUrl: true } });
  return row?.auditHeadWebhookUrl ?? "";
}

/** Saves the address (blank: none) and records the change, host only, in the same transaction. */
export async function setAuditHeadWebhookUrl(url: string, input: Pick<AuditInput, "actor">) {
  const host = (u: string) => (u ? new URL(u).host : "");
  await prisma.$transaction(async (tx) => {
    const before = await tx.settings.findUniqueOrThrow({ where: thisWorkspace(), select: { auditHeadWebhookUrl: true } });
    if (before.auditHeadWebhookUrl === url) return;
    await tx.settings.update({ where: thisWorkspace(), data: { auditHeadWebhookUrl: url } });
    // A day already posted to the old address is posted again to the new one.
    await tx.auditHeadDelivery.updateMany({ data: { postedDay: null } });
    await recordAudit(
      {
        ...input,
        action: "settings.changed",
        object: { type: "settings", id: "audit-head", title: "Audit chain head webhook" },
        before: { auditHeadWebhook: host(before.auditHeadWebhookUrl) },
        after: { auditHeadWebhook: host(url) },
      },
      tx,
    );
  });
  wakeAuditHeadPoster();
}

/** Claims every chain whose head was not posted on `day` yet, for `leaseMs`; returns their scopes. */
export function claimHeadsDue(day: string, now: Date, leaseMs: number, owner: string): Promise<string[]> {
  return claimDue(LEASED.auditHeadDelivery, {
    due: () => Prisma.sql`"postedDay" IS NULL OR "postedDay" < ${day}`,
    orderBy: Prisma.sql`"scope"`,
    limit: 20,
    now,
    until: new Date(now.getTime() + leaseMs),
    owner,
  });
}

/** The day's post went out: noted, while this claim still holds the row. */
export async function markHeadPosted(scope: string, day: string, owner: string): Promise<boolean> {
  const { count } = await prisma.auditHeadDelivery.updateMany({
    where: { scope, leaseOwner: owner },
    data: { postedDay: day, leaseUntil: null, leaseOwner: null },
  });
  return count === 1;
}

/** The post failed: the row stays due, not before `retryAt` (the lease's end). */
export async function retryHeadAt(scope: string, owner: string, retryAt: Date): Promise<void> {
  await prisma.auditHeadDelivery.updateMany({ where: { scope, leaseOwner: owner }, data: { leaseUntil: retryAt, leaseOwner: null } });
}

/** When a held or retried row's lease ends, the soonest; null when none is held. */
export async function nextHeadLeaseEnd(): Promise<Date | null> {
  const row = await prisma.auditHeadDelivery.findFirst({ where: { leaseUntil: { not: null } }, orderBy: { leaseUntil: "asc" } });
  return row?.leaseUntil ?? null;
}
