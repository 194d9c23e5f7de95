import { seededRandom } from "../../app/domain/allocate";
import type { SampleItem } from "./content";
import { USERS } from "./people";
import { DAY, HOUR, MINUTE, ago, earlierToday } from "./time";

export interface SampleEvent {
  id: string;
  type: string;
  action: string;
  target: string;
  userId: string;
  contentId: string | null;
  createdAt: Date;
}

export const ACTIONS: Record<string, string> = {
  edit: "edited",
  comment: "commented on",
  publish: "published",
  collaborate: "started collaborating on",
  schedule: "scheduled",
};

/** Events in the last 30 days and the 30 before: Team Activity 156, +12%. */
const EVENTS_PER_WINDOW = [156, 139];

export function sampleActivity(now: Date, items: SampleItem[]): SampleEvent[] {
  const rand = seededRandom(156);
  const byId = new Map(items.map((i) => [i.id, i]));
  const events: Omit<SampleEvent, "id">[] = [];
  const event = (type: string, userId: string, item: SampleItem, createdAt: Date) =>
    events.push({ type, action: ACTIONS[type], target: item.title, userId, contentId: item.id, createdAt });

  // The five newest, one of each type (the dashboard's Recent Activity).
  event("edit", "user-marcus", byId.get("content-sample")!, earlierToday(now, 4));
  event("comment", "user-priya", byId.get("content-003")!, earlierToday(now, 18));
  event("collaborate", "user-james", byId.get("content-027")!, earlierToday(now, 30));
  event("schedule", "user-emma", byId.get("content-040")!, earlierToday(now, 45));
  for (const item of items) {
    if (item.publishedAt && item.publishedAt > ago(now, 60 * DAY)) event("publish", item.authorId, item, item.publishedAt);
  }
  const types = ["edit", "comment", "collaborate", "schedule", "edit", "comment"];
  EVENTS_PER_WINDOW.forEach((target, w) => {
    const from = ago(now, (w + 1) * 30 * DAY).getTime();
    const to = w === 0 ? ago(now, 60 * MINUTE).getTime() : ago(now, 30 * DAY).getTime();
    const inWindow = () =>
      events.filter((e) => e.createdAt.getTime() > from && e.createdAt.getTime() <= (w === 0 ? now.getTime() : to)).length;
    const missing = target - inWindow();
    for (let k = 0; k < missing; k++) {
      const at = new Date(from + 1 + rand() * (to - from - 1));
      const existing = items.filter((i) => i.createdAt < at);
      const item = existing[Math.floor(rand() * existing.length)];
      const user = USERS[Math.floor(rand() * USERS.length)];
      event(types[Math.floor(rand() * types.length)], user.id, item, at);
    }
  });
  return events
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((e, k) => ({ id: `event-${String(k + 1).padStart(4, "0")}`, ...e }));
}

export function sampleComments(now: Date) {
  return [
    {
      id: "comment-1",
      contentId: "content-sample",
      authorId: "user-marcus",
      body: "Love the brand voice section. Can we add one stat to back it up?",
      createdAt: ago(now, 20 * MINUTE),
    },
    {
      id: "comment-2",
      contentId: "content-sample",
      authorId: "user-priya",
      body: "I'll draft a customer quote for the intro.",
      createdAt: ago(now, 1 * HOUR),
    },
    {
      id: "comment-3",
      contentId: "content-003",
      authorId: "user-priya",
      body: "Shortened the second tweet to fit the thread.",
      createdAt: ago(now, 18 * MINUTE),
    },
  ];
}
