// Delivers a published item to the connected integrations: a signed webhook POST where one is set,
// otherwise a row in the local outbox (written by the step's commit).
import { postWebhook } from "~/adapters/webhook.server";
import { markdownToHtml } from "~/domain/markdown";
import { publisherTargets } from "~/models/integration.server";
import { queueChannelPosts } from "./channel-delivery.server";
import { recordWebhookDelivery, wasDelivered, type OutboxRow, type PublishPayload } from "~/models/publisher.server";

export interface DeliveryInput {
  runId: string;
  position: number;
  item: Omit<PublishPayload, "platform" | "handle" | "html">;
}

export interface DeliveryResult {
  outbox: OutboxRow[];
  sent: string[];
  outboxNames: string[];
}

/**
 * POSTs to every webhook not yet delivered for this step (a retry skips the ones that went through)
 * and returns the outbox rows the step's commit writes. Throws when a webhook fails, so the step fails.
 */
export async function deliver(input: DeliveryInput, fetchImpl: typeof fetch = fetch): Promise<DeliveryResult> {
  // Channels the item has a post for get that post (its own text), queued here and sent by the
  // channel-post job once the step has published the item; the rest get the article as before.
  const planned = new Set(await queueChannelPosts(input.item.contentId));
  const targets = (await publisherTargets()).filter((t) => !planned.has(t.id));
  const html = markdownToHtml(input.item.body);
  const outbox: OutboxRow[] = [];
  const sent: string[] = [];
  for (const target of targets) {
    const idempotencyKey = `${input.runId}:${input.position}:${target.id}`;
    const payload = JSON.stringify({ ...input.item, html, platform: target.id, handle: target.handle } satisfies PublishPayload);
    if (!target.webhookUrl) {
      outbox.push({ integrationId: target.id, channel: "outbox", payload, idempotencyKey });
      continue;
    }
    if (!(await wasDelivered(idempotencyKey))) {
      const { status } = await postWebhook(
        { name: target.name, url: target.webhookUrl, secret: target.webhookSecret, body: payload, deliveryKey: idempotencyKey },
        fetchImpl,
      );
      await recordWebhookDelivery({
        runId: input.runId,
        contentId: input.item.contentId,
        integrationId: target.id,
        payload,
        responseStatus: status,
        idempotencyKey,
      });
    }
    sent.push(target.name);
  }
  for (const channel of planned) sent.push(`${channel} (channel post)`);
  return { outbox, sent, outboxNames: targets.filter((t) => !t.webhookUrl).map((t) => t.name) };
}
