// What the Publisher sent before it published like the editor (decision 055 retired that path): whole
// articles POSTed to webhooks, or rows kept in a local outbox. The rows stay; the workflow screen lists them.
import { prisma } from "~/db/db.server";

/** Channel delivery's own rows (decision 020) carry this run id prefix; every other row is the old Publisher's. */
const CHANNEL_POST_RUN = "channel-post:";

export function listEarlierDeliveries(take = 10) {
  return prisma.publishDelivery.findMany({
    where: { NOT: { runId: { startsWith: CHANNEL_POST_RUN } } },
    orderBy: { createdAt: "desc" },
    take,
    select: { id: true, integrationId: true, channel: true, payload: true, createdAt: true },
  });
}
