// Short links (decision 021): a channel post's link goes out as /l/<code>; following it counts a
// click for that post (bots excluded) and redirects to the link with UTM parameters.
import { isbot } from "isbot";
import { SHORT_CODE, withUtm } from "~/domain/short-link";
import { dayOf, referrerHost, visitorHash } from "~/domain/tracker";
import { commitEvent } from "~/models/event-commit.server";
import { ensureShortLink, findShortLink, shortLinkSource } from "~/models/short-link.server";
import { saltOf } from "~/models/tracking.server";

/**
 * The short path for a channel post's link, with the UTM parameters fixed at creation. Null for a link
 * that is not http(s). `utm: false`: the link is used as given (delivery tags it by the team's setting).
 */
export async function shortLinkFor(channelPostId: string, link: string, options: { utm?: boolean } = {}): Promise<string | null> {
  const post = await shortLinkSource(channelPostId);
  if (!post) return null;
  const target =
    options.utm === false
      ? /^https?:\/\//i.test(link)
        ? link
        : null
      : withUtm(link, { channel: post.channel, campaign: post.content.slug ?? post.content.id });
  return target ? `/l/${await ensureShortLink(channelPostId, target)}` : null;
}

/** Where a short link goes, after counting the click (committed before the redirect). Null: no such link. */
export async function followShortLink(code: string, req: { ip: string; userAgent: string; referer: string }): Promise<string | null> {
  if (!SHORT_CODE.test(code)) return null;
  const link = await findShortLink(code);
  if (!link) return null;
  if (req.userAgent && !isbot(req.userAgent)) {
    const now = new Date();
    try {
      await commitEvent({
        kind: "click",
        at: now,
        channelPostId: link.channelPostId,
        channel: link.channel,
        referrer: referrerHost(req.referer, ""),
        visitor: visitorHash({ salt: await saltOf(now), origin: `link:${dayOf(now)}`, ip: req.ip, userAgent: req.userAgent }),
      });
    } catch (error) {
      console.error("short link: click not counted:", error); // the reader still gets where they were going
    }
  }
  return link.url;
}
