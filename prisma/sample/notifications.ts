import type { SampleItem } from "./content";
import { USERS } from "./people";

interface SampleComment {
  id: string;
  contentId: string;
  authorId: string;
  createdAt: Date;
}

const nameOf = (id: string) => USERS.find((u) => u.id === id)?.name ?? "Someone";

/**
 * The demo user's bell, from the same sample data the screens show: comments on
 * her content and the newest item another member submitted for review, all unread.
 */
export function sampleNotifications(items: SampleItem[], comments: SampleComment[]) {
  const demo = USERS[0].id;
  const byId = new Map(items.map((i) => [i.id, i]));
  const onMine = comments
    .filter((c) => byId.get(c.contentId)?.authorId === demo && c.authorId !== demo)
    .map((c) => ({
      id: `notification-${c.id}`,
      userId: demo,
      event: "comment",
      message: `${nameOf(c.authorId)} commented on “${byId.get(c.contentId)!.title}”`,
      contentId: c.contentId,
      createdAt: c.createdAt,
    }));
  const review = items
    .filter((i) => i.status === "review" && i.authorId !== demo)
    .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0];
  const submitted = review
    ? [
        {
          id: "notification-review",
          userId: demo,
          event: "review_requested",
          message: `${nameOf(review.authorId)} submitted “${review.title}” for review`,
          contentId: review.id,
          createdAt: review.updatedAt,
        },
      ]
    : [];
  return [...onMine, ...submitted];
}
