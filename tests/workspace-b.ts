import { prisma } from "~/db/db.server";
import { acrossWorkspaces, withWorkspace } from "~/db/workspace-scope.server";
import { createApiToken } from "~/models/api-token.server";
import { sendReviewLink } from "~/services/review-links.server";
import { SAMPLE } from "./route-helpers";

// A second workspace with a row of every kind a member can name by id (decision 073), written in its
// own scope. Every text it holds carries MARK, so a response that shows any of it is caught.
export const B = "ws-walk";
export const MARK = "NORTHWIND-ONLY";
/** B's own Admin: not a member of the first workspace's team in any test that uses this. */
export const B_ADMIN = "user-b-admin";

export interface WorkspaceB {
  item: string;
  revision: string;
  comment: string;
  post: string;
  visual: string;
  upload: string;
  chain: string;
  request: string;
  reviewLink: string;
  reviewToken: string;
  apiToken: string;
  apiTokenId: string;
  site: string;
  shortLink: string;
  run: string;
  agent: string;
  notification: string;
}

export async function makeWorkspaceB(): Promise<WorkspaceB> {
  await prisma.workspace.create({ data: { id: B, name: `Northwind ${MARK}` } });
  await prisma.user.create({
    data: { id: B_ADMIN, email: "b-admin@northwind.test", name: `B Admin ${MARK}`, passwordHash: "x" },
  });
  return withWorkspace(B, async () => {
    await prisma.membership.create({ data: { userId: B_ADMIN, role: "Admin" } });
    const item = await prisma.contentItem.create({
      data: {
        title: `Launch ${MARK}`,
        slug: "northwind-launch",
        type: "blog",
        status: "in_review",
        body: `Words ${MARK}.`,
        authorId: B_ADMIN,
        revisions: { create: [{ version: 1, title: `Launch ${MARK}`, body: `Words ${MARK}.`, authorId: B_ADMIN, label: "Created" }] },
      },
      select: { id: true, revisions: { select: { id: true } } },
    });
    const by = { createdById: B_ADMIN };
    const comment = await prisma.comment.create({ data: { contentId: item.id, authorId: B_ADMIN, body: `Comment ${MARK}` } });
    const post = await prisma.channelPost.create({ data: { contentId: item.id, channel: "twitter", text: `Post ${MARK}`, ...by } });
    const visual = await prisma.contentVisual.create({
      data: { contentId: item.id, svg: `<svg><text>${MARK}</text></svg>`, tone: "calm", ...by },
    });
    const upload = await prisma.upload.create({
      data: { sha256: "0".repeat(64), mime: "image/png", bytes: 1, alt: `Alt ${MARK}`, fileName: `${MARK}.png`, ...by },
    });
    const chain = await prisma.approvalChain.create({ data: { name: `Chain ${MARK}`, scopeKind: "all" } });
    const request = await prisma.approvalRequest.create({
      data: {
        contentId: item.id,
        chainName: `Chain ${MARK}`,
        steps: "[]",
        requesterId: B_ADMIN,
        state: "in_review",
        startedAt: new Date(),
      },
    });
    const review = await sendReviewLink(item.id, { id: B_ADMIN, name: "B Admin" }, 7);
    if (!review.ok) throw new Error(review.error);
    const reviewLink = await prisma.reviewLink.findFirstOrThrow({ where: { contentId: item.id }, select: { id: true } });
    const api = await createApiToken(`Token ${MARK}`, B_ADMIN);
    const site = await prisma.trackedSite.create({ data: { origin: "https://northwind.test", ...by } });
    const shortLink = await prisma.shortLink.create({
      data: { code: "nwlink1", channelPostId: post.id, url: "https://northwind.test/launch" },
    });
    const run = await prisma.workflowRun.create({ data: { status: "failed", contentId: item.id } });
    const agent = await prisma.agent.create({ data: { name: `Agent ${MARK}`, type: "writer", position: 9, x: 0, y: 0 } });
    const notification = await prisma.notification.create({ data: { userId: SAMPLE.Admin, event: "comment", message: `Note ${MARK}` } });
    return {
      item: item.id,
      revision: item.revisions[0].id,
      comment: comment.id,
      post: post.id,
      visual: visual.id,
      upload: upload.id,
      chain: chain.id,
      request: request.contentId,
      reviewLink: reviewLink.id,
      reviewToken: review.token,
      apiToken: api.token,
      apiTokenId: api.id,
      site: site.id,
      shortLink: shortLink.code,
      run: run.id,
      agent: agent.id,
      notification: notification.id,
    };
  });
}

/** One digest of every row a workspace holds (every table with a workspaceId), read across workspaces by raw SQL. */
export async function digestOf(workspaceId: string): Promise<string> {
  if (!/^[\w-]+$/.test(workspaceId)) throw new Error(`not a workspace id: ${workspaceId}`);
  const parts: string[] = [];
  for (const table of await ownedTables()) {
    const rows = await acrossWorkspaces(() =>
      prisma.$queryRawUnsafe<Record<string, unknown>[]>(`SELECT * FROM "${table}" WHERE "workspaceId" = '${workspaceId}'`),
    );
    const text = rows.map((r) => JSON.stringify(r, (_k, v) => (typeof v === "bigint" ? String(v) : v))).sort();
    parts.push(`${table}:${text.join("|")}`);
  }
  return parts.join("\n");
}

export const digestOfB = () => digestOf(B);

async function ownedTables(): Promise<string[]> {
  const { Prisma } = await import("@prisma/client");
  return Prisma.dmmf.datamodel.models.filter((m) => m.fields.some((f) => f.name === "workspaceId")).map((m) => m.dbName ?? m.name);
}
