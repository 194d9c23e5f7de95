import type { PrismaClient } from "@prisma/client";
import { sampleActivity, sampleComments } from "./sample/activity";
import { sampleContent } from "./sample/content";
import { sampleMetrics } from "./sample/metrics";
import { createHash } from "node:crypto";
import { firstFreeSlug, slugify } from "../app/domain/content-details";
import { databaseEngine } from "../app/db/engine.server";
import { GENESIS_HASH } from "../app/domain/audit-chain";
import { hashPassword } from "../app/crypto/password.server";
import { sampleNotifications } from "./sample/notifications";
import { AGENTS, BRAND_TONES, DEMO_PASSWORD, INTEGRATIONS, SETTINGS, USERS } from "./sample/people";
import { sampleRuns } from "./sample/runs";
import { MINUTE, ago } from "./sample/time";
import { FIRST_WORKSPACE_ID, acrossWorkspaces, withWorkspace } from "../app/db/workspace-scope.server";

/**
 * The seed replaces everything, the audit log too, which its triggers forbid to any route or service
 * (decision 043). SQLite: in one transaction, the guards are dropped, the rows deleted and the guards
 * made again from their own stored SQL. PostgreSQL: TRUNCATE, which row triggers do not see.
 */
async function wipeAuditLog(prisma: PrismaClient) {
  if (databaseEngine() === "postgresql") await prisma.$executeRawUnsafe(`TRUNCATE "AuditEntry"`);
  else await deleteAuditRows(prisma);
  // The hash chain starts again from its genesis (decision 075).
  const empty = { seq: 0, hash: GENESIS_HASH, at: null, baseSeq: 0, baseHash: GENESIS_HASH };
  await prisma.$transaction([
    prisma.auditChainHead.deleteMany(),
    prisma.auditChainHead.create({ data: { scope: "instance", ...empty } }),
    prisma.auditHeadDelivery.deleteMany(),
    prisma.auditHeadDelivery.create({ data: { scope: "instance" } }),
  ]);
}

async function deleteAuditRows(prisma: PrismaClient) {
  await prisma.$transaction(async (tx) => {
    const guards = await tx.$queryRawUnsafe<{ name: string; sql: string }[]>(
      `SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'AuditEntry' AND name LIKE 'AuditEntry_no_%'`,
    );
    for (const { name } of guards) await tx.$executeRawUnsafe(`DROP TRIGGER "${name}"`);
    await tx.auditEntry.deleteMany();
    for (const { sql } of guards) await tx.$executeRawUnsafe(sql);
  });
}

/**
 * On PostgreSQL the metrics and the rollups their row triggers keep are emptied together: deleting the
 * rows one by one would move every later day's running total for each (seconds on the sample data).
 */
async function wipeMetrics(prisma: PrismaClient) {
  if (databaseEngine() !== "postgresql") return;
  await prisma.$executeRawUnsafe(
    `TRUNCATE "ContentMetric", "ContentMetricDaily", "ContentMetricRunning", "ContentMetricMonthly", "ContentPostEngagement"`,
  );
}

/** Every table's rows, in an order the foreign keys accept (the audit log and metrics aside). */
function wipeRows(prisma: PrismaClient) {
  return [
    prisma.assistantCall.deleteMany(),
    prisma.idempotencyKey.deleteMany(),
    prisma.assistantModel.deleteMany(),
    prisma.notification.deleteMany(),
    prisma.editorPresence.deleteMany(),
    prisma.contentRevision.deleteMany(),
    prisma.notificationPreference.deleteMany(),
    prisma.invitation.deleteMany(),
    prisma.session.deleteMany(),
    prisma.membership.deleteMany(),
    prisma.loginFailure.deleteMany(),
    prisma.publishDelivery.deleteMany(),
    prisma.workflowWorker.deleteMany(),
    prisma.workflowSettings.deleteMany(),
    prisma.workflowJob.deleteMany(),
    prisma.workflowStep.deleteMany(),
    prisma.workflowRun.deleteMany(),
    prisma.comment.deleteMany(),
    prisma.activityEvent.deleteMany(),
    prisma.contentMetric.deleteMany(),
    // Measurement (decision 021): raw events and what they rolled into go with the metrics they fed.
    prisma.trackEvent.deleteMany(),
    prisma.trackPageview.deleteMany(),
    prisma.unassignedPageDaily.deleteMany(),
    prisma.trackerSalt.deleteMany(),
    prisma.trackedSite.deleteMany(),
    prisma.trackerSettings.deleteMany(),
    prisma.apiToken.deleteMany(),
    prisma.channelPostMetric.deleteMany(),
    prisma.channelMetricDaily.deleteMany(),
    prisma.shortLink.deleteMany(),
    prisma.shortLinkDaily.deleteMany(),
    prisma.contentTag.deleteMany(),
    // Approvals (decision 044): requests and links go with their items, chains with the team's settings.
    prisma.reviewLink.deleteMany(),
    prisma.approvalDecision.deleteMany(),
    prisma.approvalRequest.deleteMany(),
    prisma.approvalChain.deleteMany(),
    prisma.contentItem.deleteMany(),
    prisma.agent.deleteMany(),
    prisma.user.deleteMany(),
    prisma.brandTone.deleteMany(),
    prisma.integration.deleteMany(),
    prisma.networkApp.deleteMany(),
    prisma.oAuthAttempt.deleteMany(),
    prisma.networkAccountChoice.deleteMany(),
    prisma.settings.deleteMany(),
    prisma.workspace.deleteMany({ where: { id: { not: FIRST_WORKSPACE_ID } } }),
  ];
}

/** Every workspace's rows go, not only the first's: the seed replaces the whole studio. */
function wipeStudio(prisma: PrismaClient) {
  return acrossWorkspaces(async () => {
    await wipeAuditLog(prisma);
    await wipeMetrics(prisma);
    await prisma.$transaction(wipeRows(prisma));
  });
}

/**
 * Replaces all data with a clean studio for real work: one Admin, the brand tones and the agents, no
 * channel linked and no sample content, figures, activity or runs.
 */
export function seedCleanStudio(prisma: PrismaClient, admin: { email: string; name: string; password: string }, now = new Date()) {
  return withWorkspace(FIRST_WORKSPACE_ID, () => cleanStudio(prisma, admin, now));
}

async function cleanStudio(prisma: PrismaClient, admin: { email: string; name: string; password: string }, now: Date) {
  const passwordHash = await hashPassword(admin.password);
  await wipeStudio(prisma);
  await prisma.$transaction([
    firstWorkspace(prisma, "Content Studio"),
    prisma.user.create({ data: { id: "user-admin", email: admin.email, name: admin.name, isOwner: true, passwordHash } }),
    prisma.membership.create({ data: { userId: "user-admin", role: "Admin", createdAt: now } }),
    prisma.brandTone.createMany({ data: BRAND_TONES.map((t, position) => ({ ...t, position })) }),
    prisma.integration.createMany({ data: INTEGRATIONS.map((i) => ({ ...i, connected: false, handle: null })) }),
    prisma.settings.create({
      data: { ...SETTINGS, brandKeywords: "", contentGuidelines: "", teamName: "", siteUrl: "", updatedAt: now },
    }),
    prisma.agent.createMany({ data: AGENTS.map((a) => ({ ...a, status: "idle", createdAt: now, updatedAt: now })) }),
  ]);
}

/**
 * Replaces all data with the sample data, dated relative to `now`.
 * Idempotent: the same `now` always yields the same rows.
 */
export function seedDatabase(prisma: PrismaClient, now = new Date()): Promise<void> {
  return withWorkspace(FIRST_WORKSPACE_ID, () => sampleStudio(prisma, now));
}

/** The first workspace (decision 073), named for the team. */
function firstWorkspace(prisma: PrismaClient, name: string) {
  return prisma.workspace.upsert({ where: { id: FIRST_WORKSPACE_ID }, create: { id: FIRST_WORKSPACE_ID, name }, update: { name } });
}

async function sampleStudio(prisma: PrismaClient, now: Date): Promise<void> {
  const items = sampleContent(now);
  const metrics = sampleMetrics(now, items);
  const events = sampleActivity(now, items);
  const { runs, steps, jobs } = sampleRuns(now, items);
  const slugs = new Set<string>();
  const slugOf = (title: string) => {
    const slug = firstFreeSlug(slugify(title), slugs);
    slugs.add(slug);
    return slug;
  };
  const comments = sampleComments(now);
  // A salt per member derived from the email keeps the seed idempotent; the password is public anyway.
  const hashes = await Promise.all(
    USERS.map((u) => hashPassword(DEMO_PASSWORD, createHash("sha256").update(`seed:${u.email}`).digest().subarray(0, 16))),
  );

  await wipeStudio(prisma);
  await prisma.$transaction([
    firstWorkspace(prisma, SETTINGS.teamName),
    prisma.user.createMany({
      data: USERS.map(({ role: _role, ...u }, i) => ({
        ...u,
        // The demo Admin runs the instance (decision 073).
        isOwner: i === 0,
        passwordHash: hashes[i],
        // Everyone was active in the last few minutes: 'Team Online' shows 4 avatars and +3.
        lastSeenAt: ago(now, i * MINUTE),
        createdAt: ago(now, 400 * 24 * 60 * MINUTE),
        updatedAt: ago(now, 400 * 24 * 60 * MINUTE),
      })),
    }),
    prisma.membership.createMany({
      data: USERS.map((u, i) => ({ userId: u.id, role: u.role, createdAt: ago(now, 400 * 24 * 60 * MINUTE - i) })),
    }),
    prisma.brandTone.createMany({ data: BRAND_TONES.map((t, position) => ({ ...t, position })) }),
    prisma.integration.createMany({
      data: INTEGRATIONS.map((i) => ({ ...i, connectedAt: i.connected ? ago(now, 90 * 24 * 60 * MINUTE) : null })),
    }),
    prisma.settings.create({ data: { ...SETTINGS, updatedAt: now } }),
    prisma.contentItem.createMany({
      data: items.map(({ tags: _tags, archivedAt: _archivedAt, ...item }) => ({ ...item, slug: slugOf(item.title) })),
    }),
    prisma.contentRevision.createMany({
      data: items.map((item) => ({
        id: `revision-${item.id}`,
        contentId: item.id,
        version: 1,
        title: item.title,
        body: item.body,
        authorId: item.authorId,
        label: "Created",
        wordsAdded: item.body.split(/\s+/).filter(Boolean).length,
        createdAt: item.createdAt,
        updatedAt: item.createdAt,
      })),
    }),
    prisma.contentTag.createMany({
      data: items.flatMap((item) => item.tags.map((name, position) => ({ contentId: item.id, name, position }))),
    }),
    // Oldest day first: each day then adds to the running totals without moving later days' (PostgreSQL's rollup trigger).
    prisma.contentMetric.createMany({ data: [...metrics].sort((a, b) => a.date.getTime() - b.date.getTime()) }),
    prisma.activityEvent.createMany({ data: events }),
    prisma.comment.createMany({ data: comments }),
    prisma.notification.createMany({ data: sampleNotifications(items, comments) }),
    prisma.agent.createMany({ data: AGENTS.map((a) => ({ ...a, createdAt: ago(now, 60 * 24 * 60 * MINUTE), updatedAt: now })) }),
    prisma.workflowRun.createMany({ data: runs }),
    prisma.workflowStep.createMany({ data: steps }),
    prisma.workflowJob.createMany({ data: jobs }),
  ]);
}
