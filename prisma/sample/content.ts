import { SAMPLE_ARTICLE, SAMPLE_ARTICLE_TITLE } from "./article";
import { USERS } from "./people";
import { TITLES } from "./titles";
import { DAY, HOUR, ago, earlierToday, startOfUtcDay } from "./time";
import { dayKey, zonedToUtc } from "../../app/domain/channels/team-time";
import { SAMPLE_TIME_ZONE } from "./people";

export interface SampleItem {
  id: string;
  title: string;
  type: string;
  status: string;
  body: string;
  authorId: string;
  tags: string[];
  createdAt: Date;
  updatedAt: Date;
  publishedAt: Date | null;
  archivedAt: Date | null;
}

const AUTHORS = USERS.filter((u) => u.role !== "Analyst").map((u) => u.id);
const OLDER_PUBLISHED_DAYS = [3, 6, 9, 14, 20, 27, 35, 48, 70, 100, 140, 195];
const ARCHIVED = [
  { published: 160, archived: 20 },
  { published: 175, archived: 25 },
  { published: 190, archived: 30 },
  { published: 210, archived: 35 },
];
// Drafts other than the sample article: created this many days ago (12 drafts in the
// last 30 days with the sample, 10 in the 30 before, 2 older).
const DRAFT_DAYS = [1, 2, 4, 6, 8, 11, 13, 16, 19, 23, 27, 31, 34, 37, 40, 43, 46, 49, 52, 55, 58, 70, 95];

function bodyFor(title: string, tags: string[]): string {
  return (
    `${title}\n\nThis piece covers ${tags.join(", ").toLowerCase()} for our audience. ` +
    "It opens with the problem our readers face, shows what we learned, and ends with one clear next step."
  );
}

/** The library's sample items: 24 drafts, 6 in review, 26 published (8 today), 4 archived. */
/** Whole weeks back: published at 09:00 in the team's zone, so Best Time to Post has one slot with three finished first weeks. */
const SAME_SLOT_DAYS = new Set([14, 35, 70]);

/**
 * Older posts on the same weekday go out at different hours (3, 4, 5… hours before the time of day of
 * `now`): days 6, 20, 27, 48 and 195 are all the same weekday, and at one hour they made a second slot
 * with three finished first weeks, which won on some weekdays.
 */
function otherSlotHours(days: number): number {
  const sameWeekday = OLDER_PUBLISHED_DAYS.filter((d) => !SAME_SLOT_DAYS.has(d) && d < days && d % 7 === days % 7);
  return 3 + sameWeekday.length;
}

function olderPublishedAt(now: Date, days: number): Date {
  if (!SAME_SLOT_DAYS.has(days)) return ago(now, days * DAY + otherSlotHours(days) * HOUR);
  const day = dayKey(new Date(startOfUtcDay(now).getTime() + 12 * HOUR - days * DAY), SAMPLE_TIME_ZONE);
  const at = zonedToUtc(`${day}T09:00`, SAMPLE_TIME_ZONE);
  if (!at.ok) throw new Error(at.error);
  return at.at;
}

export function sampleContent(now: Date): SampleItem[] {
  const today = startOfUtcDay(now);
  const items: SampleItem[] = [];
  let n = 0;
  const add = (status: string, dates: Omit<SampleItem, "id" | "title" | "type" | "status" | "body" | "authorId" | "tags">) => {
    const spec = TITLES[n];
    const id = `content-${String(n + 1).padStart(3, "0")}`;
    items.push({ id, ...spec, status, body: bodyFor(spec.title, spec.tags), authorId: AUTHORS[n % AUTHORS.length], ...dates });
    n += 1;
  };
  const published = (at: Date, createdDaysBefore: number) => ({
    createdAt: new Date(at.getTime() - createdDaysBefore * DAY),
    updatedAt: at,
    publishedAt: at,
    archivedAt: null,
  });

  for (let k = 0; k < 8; k++) {
    add("published", published(earlierToday(now, 10 + k * 45), 2 + k));
  }
  for (let k = 0; k < 6; k++) add("published", published(new Date(today.getTime() - DAY + (8 + k * 2) * HOUR), 3 + k));
  for (const days of OLDER_PUBLISHED_DAYS) add("published", published(olderPublishedAt(now, days), 4));
  for (let k = 0; k < 6; k++) {
    add("review", {
      createdAt: ago(now, (2 + k * 3) * DAY),
      updatedAt: k === 0 ? earlierToday(now, 30) : ago(now, (k * 5 + 1) * HOUR),
      publishedAt: null,
      archivedAt: null,
    });
  }
  for (const a of ARCHIVED) {
    add("archived", {
      createdAt: ago(now, (a.published + 5) * DAY),
      updatedAt: ago(now, a.archived * DAY),
      publishedAt: ago(now, a.published * DAY),
      archivedAt: ago(now, a.archived * DAY),
    });
  }
  for (const days of DRAFT_DAYS) {
    add("draft", {
      createdAt: ago(now, days * DAY + 2 * HOUR),
      updatedAt: ago(now, days * DAY),
      publishedAt: null,
      archivedAt: null,
    });
  }
  items.push({
    id: "content-sample",
    title: SAMPLE_ARTICLE_TITLE,
    type: "blog",
    status: "draft",
    body: SAMPLE_ARTICLE,
    authorId: USERS[0].id,
    tags: ["AI", "Content Marketing", "Strategy", "Trends"],
    createdAt: ago(now, 3 * DAY),
    updatedAt: earlierToday(now, 4),
    publishedAt: null,
    archivedAt: null,
  });
  return items;
}
