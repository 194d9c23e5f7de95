// Posts each audit chain's head to the address in Settings › Audit log once a day (decision 075), so a
// copy of the head lives outside the studio's database. A retry on the same day posts nothing: the
// day is claimed and noted per chain; the receiver can also drop a repeat by X-Studio-Delivery.
import { randomUUID } from "node:crypto";
import { postWebhook } from "~/adapters/webhook.server";
import { chainHead } from "~/models/audit-chain.server";
import { claimHeadsDue, getAuditHeadWebhookUrl, markHeadPosted, nextHeadLeaseEnd, retryHeadAt } from "~/models/audit-head-delivery.server";

const LEASE_MS = 60_000;
export const HEAD_RETRY_MS = 15 * 60_000;

const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const nextUtcDay = (at: Date) => new Date(`${utcDay(new Date(at.getTime() + 86_400_000))}T00:00:00.000Z`);

/** What the receiver gets: the head as the audit screen shows it, and the day it stands for. */
export function headBody(head: Awaited<ReturnType<typeof chainHead>>, day: string): string {
  return JSON.stringify({
    type: "audit.chain-head",
    day,
    scope: head.scope,
    seq: head.seq,
    hash: head.hash,
    count: head.count,
    at: head.at?.toISOString() ?? null,
  });
}

/** One pass: posts the heads not posted today; returns when the next pass is due (null: no address). */
export async function postDueHeads(now = new Date()): Promise<Date | null> {
  const url = await getAuditHeadWebhookUrl();
  if (!url) return null;
  const day = utcDay(now);
  const owner = `audit-head:${randomUUID()}`;
  for (const scope of await claimHeadsDue(day, now, LEASE_MS, owner)) {
    const head = await chainHead(scope);
    try {
      await postWebhook({ name: "Audit head", url, secret: null, body: headBody(head, day), deliveryKey: `audit-head:${scope}:${day}` });
      await markHeadPosted(scope, day, owner);
    } catch (error) {
      console.error(`audit head: ${error instanceof Error ? error.message : String(error)}`);
      await retryHeadAt(scope, owner, new Date(now.getTime() + HEAD_RETRY_MS));
    }
  }
  const lease = await nextHeadLeaseEnd();
  const tomorrow = nextUtcDay(now);
  return lease && lease < tomorrow ? lease : tomorrow;
}
