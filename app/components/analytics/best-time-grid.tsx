import { Sparkles } from "lucide-react";
import {
  MIN_POSTS,
  MIN_POSTS_REASON,
  slotName,
  WEEKDAY_NAMES,
  type BestTime,
  type BestTimeSlot,
  type ChannelBestTime,
} from "~/domain/best-time";
import { CHANNEL_LABELS, isChannel } from "~/domain/channels/network-limits";

// Level 0 = no posts; 1–4 by quartile of the slots' average engagement.
const LEVEL_STYLES = [
  "bg-slate-50 text-slate-300",
  "bg-emerald-100 text-emerald-900",
  "bg-emerald-300 text-emerald-950",
  "bg-emerald-500 text-white",
  "bg-emerald-700 text-white",
];
const HOURS = Array.from({ length: 24 }, (_, h) => h);

export interface SchedulingInfo {
  enabled: boolean;
  slot: BestTimeSlot | null;
}

/** Weekday × hour (the team's zone) of the range's posts: colour by average engagement, the number is how many posts. */
export function BestTimeGrid({
  data,
  byChannel,
  scheduling,
}: {
  data: BestTime;
  byChannel: ChannelBestTime[];
  scheduling: SchedulingInfo;
}) {
  const { top, timeZone } = data;
  return (
    <div>
      <div className="mb-4 rounded-lg border border-emerald-200 bg-emerald-50 p-4" data-testid="best-time-recommendation">
        <p className="flex items-center gap-2 font-medium text-emerald-900">
          <Sparkles size={16} aria-hidden />
          {top ? `Recommended: ${slotName(top.weekday, top.hour, timeZone)}` : "No recommendation yet"}
        </p>
        <p className="mt-1 text-sm text-emerald-800">
          {top
            ? `Posts published then averaged ${Math.round(top.average!).toLocaleString("en-US")} engaged views a day in their first week (${top.posts} posts in this range).`
            : `No weekday and hour in this range has ${MIN_POSTS} or more posts whose first week is over (${data.posts} posts in all). Widen the range.`}
        </p>
        <p className="mt-2 text-sm text-slate-600" data-testid="scheduling-slot">
          {scheduling.slot
            ? `'Schedule posts for optimal timing' (${scheduling.enabled ? "on" : "off"} in Settings › Integrations) uses the last 90 days' best slot: ${slotName(scheduling.slot.weekday, scheduling.slot.hour, timeZone)}, from ${scheduling.slot.posts} posts.`
            : `'Schedule posts for optimal timing' (${scheduling.enabled ? "on" : "off"}) has no slot with ${MIN_POSTS}+ posts in the last 90 days, so approved posts publish at once.`}
        </p>
      </div>
      {byChannel.length ? (
        <div className="mb-4" data-testid="best-time-by-channel">
          <h3 className="text-sm font-semibold text-slate-700">By channel</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {byChannel.map((c) => (
              <li key={c.channel} data-channel={c.channel}>
                <span className="font-medium">{isChannel(c.channel) ? CHANNEL_LABELS[c.channel] : c.channel}:</span>{" "}
                {c.top
                  ? `${c.top.name}, ${c.top.posts} posts averaging ${Math.round(c.top.average).toLocaleString("en-US")} likes, comments, shares and clicks a day in their first week`
                  : `no recommendation yet (${c.posts} ${c.posts === 1 ? "post" : "posts"}, no hour with ${MIN_POSTS})`}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {/* Focusable, so the keyboard can scroll the 24 hours sideways on a narrow screen. */}
      <div
        className="relative overflow-x-auto"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        role="region"
        aria-label="Best time to post by weekday and hour, scrolls sideways"
      >
        <table
          className="w-full border-separate border-spacing-0.5 text-center text-[10px]"
          aria-label={`Average engagement by weekday and hour (${timeZone})`}
        >
          <thead>
            <tr>
              <th scope="col" className="w-9">
                <span className="sr-only">Day</span>
              </th>
              {HOURS.map((h) => (
                <th key={h} scope="col" className="font-normal text-slate-500">
                  {h % 3 === 0 ? String(h).padStart(2, "0") : <span className="sr-only">{h}</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {WEEKDAY_NAMES.map((day, weekday) => (
              <tr key={day}>
                <th scope="row" className="pr-1 text-left text-xs font-medium text-slate-500">
                  {day}
                </th>
                {data.slots
                  .filter((s) => s.weekday === weekday)
                  .map((s) => {
                    const isTop = top?.weekday === s.weekday && top.hour === s.hour;
                    return (
                      <td
                        key={s.hour}
                        title={s.label}
                        aria-label={s.label}
                        data-posts={s.posts}
                        data-level={s.level}
                        data-top={isTop ? "true" : undefined}
                        className={`h-6 min-w-[1.25rem] rounded-sm tabular-nums ${LEVEL_STYLES[s.level]} ${s.posts > 0 && !s.reliable ? "opacity-50" : ""} ${isTop ? "ring-2 ring-amber-500" : ""}`}
                      >
                        {s.posts || ""}
                      </td>
                    );
                  })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-3 text-xs text-slate-500">
        The number in a cell is how many posts were published then; faded cells have fewer than {MIN_POSTS} posts and are never recommended.{" "}
        {MIN_POSTS_REASON} Posts still in their first week are left out. Times are in the team's time zone, {timeZone}.
      </p>
    </div>
  );
}
