import { prisma } from "~/db/db.server";
import type { AttentionFacts } from "~/domain/needs-attention";

/** At most this many posts: the list points at the work, the Library shows the rest. */
export const ATTENTION_POSTS = 20;

/** Failed and missed channel posts (newest first) and connected channels that need reconnecting. */
export async function attentionFacts(): Promise<AttentionFacts> {
  const [posts, channels] = await Promise.all([
    prisma.channelPost.findMany({
      where: { status: { in: ["failed", "missed"] } },
      select: { id: true, channel: true, status: true, lastError: true, contentId: true, content: { select: { title: true } } },
      orderBy: { updatedAt: "desc" },
      take: ATTENTION_POSTS,
    }),
    prisma.integration.findMany({
      where: { connected: true, reconnectReason: { not: null } },
      select: { id: true, name: true, reconnectReason: true },
      orderBy: { name: "asc" },
    }),
  ]);
  return { posts: posts.map(({ content, ...p }) => ({ ...p, itemTitle: content.title })), channels };
}
