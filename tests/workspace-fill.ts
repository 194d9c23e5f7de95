// A workspace with at least one row in every table it owns (decision 079), for the delete and export
// tests. A table added later and not filled here makes those tests say so (each table must hold a row).
import { randomBytes, randomUUID } from "node:crypto";
import { prisma } from "~/db/db.server";
import { byteStore } from "~/db/byte-store.server";
import { withWorkspace } from "~/db/workspace-scope.server";
import { recordAudit } from "~/models/audit.server";
import { createWorkspace } from "~/models/workspace.server";

const OWNER = { id: "user-sarah", name: "Sarah Chen" };
const in1h = () => new Date(Date.now() + 3_600_000);

/** A PNG-looking file (the byte store keeps any bytes); random unless given. */
export const imageBytes = (bytes = randomBytes(64)) => Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), bytes]);

/** Makes a workspace through the Owner's model and fills it; `sharedBytes` are also uploaded (another workspace's image). */
export async function filledWorkspace(name: string, sharedBytes?: Buffer) {
  const made = await createWorkspace(name, OWNER);
  if (!made.ok) throw new Error(made.error);
  const id = made.id;
  const own = imageBytes();
  await withWorkspace(id, async () => {
    const u = randomUUID().slice(0, 8);
    const author = OWNER.id;
    const item = await prisma.contentItem.create({
      data: { title: `Item ${u}`, type: "blog", status: "review", authorId: author, body: "Words." },
    });
    const contentId = item.id;
    await prisma.contentDoc.create({ data: { contentId, state: new Uint8Array([1, 2, 3]), version: 1 } });
    await prisma.contentRevision.create({ data: { contentId, version: 1, title: item.title, body: "Words.", authorId: author } });
    await prisma.contentVisual.create({ data: { contentId, svg: "<svg/>", tone: "professional", createdById: author } });
    await prisma.editorPresence.create({ data: { contentId, userId: author, seenAt: new Date() } });
    await prisma.contentTag.create({ data: { contentId, name: "launch", position: 0 } });
    await prisma.contentMetric.create({
      data: { contentId, date: new Date("2026-11-30T00:00:00Z"), views: 10, shares: 1, engagedViews: 4, timeSpentSec: 60 },
    });
    await prisma.activityEvent.create({ data: { type: "edit", action: "edited", target: item.title, userId: author, contentId } });
    const comment = await prisma.comment.create({ data: { body: "Nice.", contentId, authorId: author } });
    await prisma.comment.create({ data: { body: "Reply.", contentId, authorId: author, parentId: comment.id } });
    await prisma.notification.create({ data: { userId: author, event: "comment", message: "A comment", contentId } });
    const agent = await prisma.agent.findFirstOrThrow();
    const run = await prisma.workflowRun.create({ data: { status: "succeeded", contentId } });
    await prisma.workflowStep.create({ data: { runId: run.id, agentId: agent.id, status: "succeeded", startedAt: new Date() } });
    await prisma.workflowJob.create({ data: { runId: run.id, position: 0, agentId: agent.id, idempotencyKey: `job-${u}` } });
    await prisma.publishDelivery.create({
      data: {
        runId: run.id,
        contentId,
        integrationId: "twitter",
        channel: "twitter",
        status: "sent",
        payload: "{}",
        idempotencyKey: `pd-${u}`,
      },
    });
    await prisma.dataDeletion.create({ data: { code: `del-${u}`, doneAt: new Date() } });
    await prisma.networkApp.create({ data: { network: "mastodon", clientId: "c", clientSecretEnc: "x", updatedById: author } });
    await prisma.oAuthAttempt.create({
      data: { state: `st-${u}`, network: "mastodon", sessionId: "s", userId: author, verifierEnc: "v", expiresAt: in1h() },
    });
    await prisma.networkAccountChoice.create({
      data: { network: "facebook", sessionId: "s", userId: author, accountsEnc: "a", expiresAt: in1h() },
    });
    await prisma.assistantCall.create({ data: { purpose: "draft", source: "local", durationMs: 5, contentId } });
    await prisma.assistantModel.create({ data: { baseUrl: "http://127.0.0.1:9/v1", model: "tiny" } });
    await prisma.publishSchedule.create({ data: { contentId, publishAt: in1h(), slot: "best", scheduledById: author } });
    const post = await prisma.channelPost.create({ data: { contentId, channel: "twitter", text: "A post.", createdById: author } });
    await prisma.channelPostMetric.create({ data: { channelPostId: post.id, day: "2026-11-30" } });
    await prisma.channelPostFigures.create({ data: { channelPostId: post.id, channel: "twitter" } });
    await prisma.shortLink.create({ data: { code: `c${u}`, channelPostId: post.id, url: "https://example.test/a" } });
    await prisma.trackedSite.create({ data: { origin: `https://${u}.example.test`, createdById: author } });
    await prisma.apiToken.create({ data: { name: "Import", prefix: `p${u}`, tokenHash: `h${u}`, createdById: author } });
    await prisma.approvalChain.create({ data: { name: "Sign-off", scopeKind: "all" } });
    await prisma.approvalRequest.create({
      data: { contentId, chainName: "Sign-off", steps: "[]", requesterId: author, state: "in_review", startedAt: new Date() },
    });
    await prisma.approvalDecision.create({
      data: { contentId, step: 0, actorId: author, actorName: OWNER.name, role: "Admin", kind: "approve", fingerprint: "f" },
    });
    await prisma.reviewLink.create({ data: { contentId, tokenHash: `rl${u}`, createdById: author, fingerprint: "f", expiresAt: in1h() } });
    const invitee = await prisma.user.create({ data: { name: "", email: `invitee-${u}@acme.test`, status: "invited" } });
    await prisma.membership.create({ data: { userId: invitee.id, role: "Writer", status: "invited" } });
    await prisma.invitation.create({ data: { userId: invitee.id, tokenHash: `inv${u}`, invitedById: author, expiresAt: in1h() } });
    await recordAudit({
      actor: { kind: "member", id: author, name: OWNER.name },
      action: "content.created",
      object: { type: "content", id: contentId },
    });
    for (const bytes of [own, sharedBytes].filter((b): b is Buffer => !!b)) {
      const sha256 = await byteStore().keepBytes(bytes, "png");
      await prisma.upload.create({
        data: { sha256, mime: "image/png", bytes: bytes.length, alt: "An image", fileName: "a.png", contentId, createdById: author },
      });
    }
  });
  return { id, name, ownBytes: own };
}
