// The publisher's deliveries: webhook POSTs that went through and rows in the local outbox that the
// workflow screen shows. Sending is app/services/publish-delivery.server.ts.
import { prisma } from "~/db/db.server";

export interface PublishPayload {
  contentId: string;
  title: string;
  type: string;
  /** The article as Markdown (CommonMark + GFM). */
  body: string;
  /** The article as sanitised HTML, from the one renderer (app/domain/markdown.ts). */
  html: string;
  platform: string;
  handle: string | null;
  publishedAt: string;
}

export interface OutboxRow {
  integrationId: string;
  channel: "outbox";
  payload: string;
  idempotencyKey: string;
}

export async function wasDelivered(idempotencyKey: string): Promise<boolean> {
  return !!(await prisma.publishDelivery.findUnique({ where: { idempotencyKey }, select: { id: true } }));
}

/** Records a webhook delivery at once (unique key), so a retry of the step skips it. */
export function recordWebhookDelivery(row: {
  runId: string;
  contentId: string;
  integrationId: string;
  payload: string;
  responseStatus: number;
  idempotencyKey: string;
}) {
  return prisma.publishDelivery.create({ data: { ...row, channel: "webhook", status: "sent" } });
}

export function listOutbox(take = 10) {
  return prisma.publishDelivery.findMany({
    orderBy: { createdAt: "desc" },
    take,
    select: {
      id: true,
      integrationId: true,
      channel: true,
      status: true,
      contentId: true,
      payload: true,
      createdAt: true,
      responseStatus: true,
    },
  });
}
