// Short links per channel post (decision 021). Clicks are counted by the tracker's group commit.
import { randomBytes } from "node:crypto";
import { prisma } from "~/db/db.server";
import { enterWorkspaceOf } from "~/db/workspace-scope.server";

/** The short link for this post and URL, made once (the same post and URL always give the same code). */
export async function ensureShortLink(channelPostId: string, url: string): Promise<string> {
  const existing = await prisma.shortLink.findUnique({ where: { channelPostId_url: { channelPostId, url } }, select: { code: true } });
  if (existing) return existing.code;
  const code = randomBytes(6).toString("base64url");
  await prisma.shortLink.upsert({ where: { channelPostId_url: { channelPostId, url } }, create: { code, channelPostId, url }, update: {} });
  return (await prisma.shortLink.findUniqueOrThrow({ where: { channelPostId_url: { channelPostId, url } }, select: { code: true } })).code;
}

/** What a post's short link is made from: its channel and its item's slug (or id). */
export function shortLinkSource(channelPostId: string) {
  return prisma.channelPost.findUnique({
    where: { id: channelPostId },
    select: { channel: true, content: { select: { slug: true, id: true } } },
  });
}

export async function findShortLink(code: string) {
  // A code is the instance's: the redirect then counts in the link's workspace (decision 073).
  const found = await enterWorkspaceOf(() =>
    prisma.shortLink.findUnique({ where: { code }, select: { workspaceId: true, channelPostId: true, url: true } }),
  );
  if (!found) return null;
  const { workspaceId: _workspaceId, ...link } = found;
  const post = await prisma.channelPost.findUnique({ where: { id: link.channelPostId }, select: { channel: true } });
  return post ? { ...link, channel: post.channel } : null;
}
