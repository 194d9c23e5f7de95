import { allocate, seededRandom } from "../../app/domain/allocate";
import type { SampleItem } from "./content";
import { DAY, startOfUtcDay } from "./time";

export interface SampleMetric {
  contentId: string;
  date: Date;
  views: number;
  shares: number;
  engagedViews: number;
  timeSpentSec: number;
}

/**
 * Totals per 30-day block, newest first. Block 0 against block 1 gives the spec's
 * analytics figures: 12.5K views +18%, 3.2K shares +24%, 2.4m avg time +12%, 85% +5%.
 */
const BLOCKS = [
  { views: 12512, shares: 3214, engagedRate: 0.85, secondsPerView: 144 },
  { views: 10600, shares: 2590, engagedRate: 0.81, secondsPerView: 128.5 },
  { views: 9800, shares: 2350, engagedRate: 0.8, secondsPerView: 125 },
  { views: 9000, shares: 2070, engagedRate: 0.79, secondsPerView: 122 },
  { views: 8700, shares: 2000, engagedRate: 0.78, secondsPerView: 120 },
  { views: 8200, shares: 1800, engagedRate: 0.78, secondsPerView: 118 },
];
export const METRIC_DAYS = BLOCKS.length * 30;

// Tuesday to Thursday draw the most readers, weekends the fewest (index: getUTCDay()).
const WEEKDAY_WEIGHT = [0.65, 1.05, 1.2, 1.25, 1.15, 0.95, 0.7];

/** Splits `total` by weights, never giving a part more than its cap. */
function allocateCapped(total: number, weights: number[], caps: number[]): number[] {
  const parts = allocate(total, weights).map((p, i) => Math.min(p, caps[i]));
  let deficit = total - parts.reduce((a, b) => a + b, 0);
  for (let i = 0; deficit > 0 && i < parts.length; i++) {
    const room = Math.min(caps[i] - parts[i], deficit);
    parts[i] += room;
    deficit -= room;
  }
  return parts;
}

export function sampleMetrics(now: Date, items: SampleItem[]): SampleMetric[] {
  const rand = seededRandom(2026);
  // Reading time varies from day to day around the block's average (its own sequence, so the
  // views, shares and engagement drawn from `rand` stay exactly as they were).
  const timeRand = seededRandom(2027);
  const today = startOfUtcDay(now);
  const live = items.filter((i) => i.publishedAt);
  // Popularity, share-ability and engagement quality per item; a few items engage poorly.
  const traits = new Map(
    live.map((item, k) => {
      const tier = k % 10 === 3 ? 0.5 : k % 5 === 1 ? 0.76 : 0.96;
      return [item.id, { pop: 0.4 + rand() * 2.2, share: 0.7 + rand() * 0.6, engage: tier + rand() * 0.04 }];
    }),
  );
  const metrics: SampleMetric[] = [];
  BLOCKS.forEach((block, b) => {
    const days = Array.from({ length: 30 }, (_, i) => b * 30 + i);
    const dayWeights = days.map((d) => WEEKDAY_WEIGHT[new Date(today.getTime() - d * DAY).getUTCDay()] * (0.85 + rand() * 0.3));
    const dayViews = allocate(block.views, dayWeights);
    const dayShares = allocate(block.shares, dayWeights);
    // The block's total time is kept (the spec's average), split by views times a per-day factor.
    const dayTime = allocate(
      Math.round(block.views * block.secondsPerView),
      dayViews.map((v) => v * (0.8 + timeRand() * 0.4)),
    );
    days.forEach((d, i) => {
      const date = new Date(today.getTime() - d * DAY);
      const dayEnd = date.getTime() + DAY;
      const onDay = live.filter(
        (item) => item.publishedAt!.getTime() < dayEnd && (!item.archivedAt || item.archivedAt.getTime() > date.getTime()),
      );
      const t = onDay.map((item) => traits.get(item.id)!);
      const views = allocate(
        dayViews[i],
        t.map((x) => x.pop),
      );
      const shares = allocate(
        dayShares[i],
        views.map((v, k) => v * t[k].share),
      );
      const engagedTotal = Math.round(dayViews[i] * block.engagedRate);
      const engaged = allocateCapped(
        engagedTotal,
        views.map((v, k) => v * t[k].engage),
        views,
      );
      const time = allocate(dayTime[i], views);
      onDay.forEach((item, k) => {
        if (views[k] === 0) return;
        metrics.push({ contentId: item.id, date, views: views[k], shares: shares[k], engagedViews: engaged[k], timeSpentSec: time[k] });
      });
    });
  });
  return metrics;
}
