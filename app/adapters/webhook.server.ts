// Delivers a published item to the connected integrations: a signed webhook POST where one is set,
// otherwise a row in the local outbox that the workflow screen shows.
import { createHmac } from "node:crypto";
import { prisma } from "~/db.server";
import { publisherTargets } from "./integration.server";

export const WEBHOOK_TIMEOUT_MS = 5000;

export interface PublishPayload {
  contentId: string;
  title: string;
  type: string;
  body: string;
  platform: string;
  handle: string | null;
  publishedAt: string;
}

/** HMAC-SHA256 of the exact body, hex: what a receiver recomputes with the shared secret. */
export function signBody(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

export interface OutboxRow {
  integrationId: string;
  channel: "outbox";
  payload: string;
  idempotencyKey: string;
}

/**
 * POSTs to every webhook not yet delivered for this step (a retry skips the ones that went through)
 * and returns the outbox rows the step's commit writes. Throws when a webhook fails, so the step fails.
 */
export async function deliver(input: { runId: string; position: number; item: Omit<PublishPayload, "platform" | "handle"> }, fetchImpl: typeof fetch = fetch) {
  const targets = await publisherTargets();
  const outbox: OutboxRow[] = [];
  const sent: string[] = [];
  for (const target of targets) {
    const idempotencyKey = `${input.runId}:${input.position}:${target.id}`;
    const payload = JSON.stringify({ ...input.item, platform: target.id, handle: target.handle } satisfies PublishPayload);
    if (!target.webhookUrl) {
      outbox.push({ integrationId: target.id, channel: "outbox", payload, idempotencyKey });
      continue;
    }
    const done = await prisma.publishDelivery.findUnique({ where: { idempotencyKey }, select: { id: true } });
    if (done) {
      sent.push(target.name);
      continue;
    }
    const headers: Record<string, string> = { "Content-Type": "application/json", "X-Studio-Delivery": idempotencyKey };
    if (target.webhookSecret) headers["X-Studio-Signature"] = signBody(payload, target.webhookSecret);
    let status: number;
    try {
      const response = await fetchImpl(target.webhookUrl, { method: "POST", body: payload, headers, signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS) });
      status = response.status;
    } catch (error) {
      throw new Error(`${target.name} webhook at ${new URL(target.webhookUrl).host} could not be reached (${reason(error)})`);
    }
    if (status < 200 || status >= 300) throw new Error(`${target.name} webhook answered HTTP ${status}`);
    await prisma.publishDelivery.create({
      data: { runId: input.runId, contentId: input.item.contentId, integrationId: target.id, channel: "webhook", status: "sent", payload, responseStatus: status, idempotencyKey },
    });
    sent.push(target.name);
  }
  return { outbox, sent, outboxNames: targets.filter((t) => !t.webhookUrl).map((t) => t.name) };
}

function reason(error: unknown): string {
  const cause = (error as { cause?: { code?: string } })?.cause?.code;
  if (cause) return cause;
  return error instanceof Error ? error.name === "TimeoutError" ? "timed out" : error.message : String(error);
}

export function listOutbox(take = 10) {
  return prisma.publishDelivery.findMany({
    orderBy: { createdAt: "desc" },
    take,
    select: { id: true, integrationId: true, channel: true, status: true, contentId: true, payload: true, createdAt: true, responseStatus: true },
  });
}
