// The Content Library's calendar: month or week grid (an agenda list below 640 px) of channel posts
// and items' planned dates. Drag a scheduled post to another day, or use its "Move to…" form.
import { Form, Link, useActionData, useFetcher, useSubmit } from "@remix-run/react";
import { useState } from "react";
import { ChannelIcon, PostStatusBadge } from "~/components/channels/post-status";
import { calendarHref } from "~/domain/channels/calendar-query";
import { ALL_CHANNELS, CHANNEL_LABELS, type Channel } from "~/domain/channels/network-limits";
import { POST_STATUSES } from "~/domain/channels/post-rules";
import type { CalendarData } from "~/domain/channels/calendar-query";
import type { action } from "~/routes/library/route";
import { IdempotencyKeyField } from "~/components/ui/idempotency-key";
import { spotName, useRovingGrid } from "./use-roving-grid";

type Day = CalendarData["days"][number];
type Entry = Day["entries"][number];
/** A day's place in the grid's roving focus: its index, and the Tab index of each of its spots. */
type Roving = { day: number; tabIndex: (day: number, entry?: number) => 0 | -1 };

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const link = "rounded-lg border border-slate-200 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50";
const select = "rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm";

function monthTitle(data: CalendarData) {
  const [y, m] = data.window.month.split("-").map(Number);
  const name = new Date(Date.UTC(y, m - 1, 1)).toLocaleString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
  return data.window.cal === "week" ? `Week of ${data.days[0].label}` : name;
}

export function ContentCalendar({ data, canCreate }: { data: CalendarData; canCreate: boolean }) {
  const q = data.query;
  const mover = useFetcher<typeof action>({ key: "calendar-move" });
  const submit = useSubmit();
  const page = useActionData<typeof action>();
  const reply = mover.data ?? page;
  const moveError = reply && !reply.ok ? reply.formError : null;
  // Below the threshold, an Editor's or Admin's reply offers "Move anyway" for the same post and day.
  const overridable =
    reply && !reply.ok && "canOverride" in reply && reply.canOverride === true && "postId" in reply && "day" in reply
      ? { postId: String(reply.postId), day: String(reply.day) }
      : null;
  const [dragging, setDragging] = useState<string | null>(null);
  const drop = (day: string) => {
    if (!dragging) return;
    mover.submit({ intent: "move", postId: dragging, day }, { method: "post" });
    setDragging(null);
  };
  return (
    <section aria-label="Content calendar" data-testid="calendar" data-cal={data.window.cal}>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <h2 className="mr-auto text-lg font-semibold" data-testid="calendar-title">
          {monthTitle(data)}
        </h2>
        <nav aria-label="Calendar layout" className="flex rounded-lg bg-slate-100 p-1 text-sm">
          {(["month", "week"] as const).map((cal) => (
            <Link
              key={cal}
              to={calendarHref(q, {
                cal,
                at:
                  cal === "week" ? (data.today.startsWith(data.window.month) ? data.today : `${data.window.month}-01`) : data.window.month,
              })}
              aria-current={data.window.cal === cal}
              className="rounded-md px-3 py-1 aria-[current=true]:bg-white aria-[current=true]:shadow-sm"
            >
              {cal === "month" ? "Month" : "Week"}
            </Link>
          ))}
        </nav>
        {/* One group, so a narrow screen wraps it whole rather than leaving "‹" alone on a line. */}
        <div className="flex gap-2">
          <Link to={calendarHref(q, { at: data.window.prev })} className={link} aria-label="Previous">
            ‹
          </Link>
          <Link to={calendarHref(q, { at: "" })} className={link}>
            Today
          </Link>
          <Link to={calendarHref(q, { at: data.window.next })} className={link} aria-label="Next">
            ›
          </Link>
        </div>
      </div>
      <Form
        method="get"
        action="/library"
        className="mb-4 flex flex-wrap items-end gap-2 text-sm"
        aria-label="Calendar filters"
        onChange={(e) => submit(e.currentTarget)}
      >
        <input type="hidden" name="view" value="calendar" />
        <input type="hidden" name="cal" value={data.window.cal} />
        <input type="hidden" name="at" value={data.window.at} />
        <label className="flex flex-col">
          Channel
          <select name="channel" defaultValue={q.channel} className={select}>
            <option value="all">All channels</option>
            {ALL_CHANNELS.map((c) => (
              <option key={c} value={c}>
                {CHANNEL_LABELS[c]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col">
          Status
          <select name="postStatus" defaultValue={q.postStatus} className={select}>
            <option value="all">All statuses</option>
            {POST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s[0].toUpperCase() + s.slice(1)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col">
          Author
          <select name="author" defaultValue={q.author} className={select}>
            <option value="all">Everyone</option>
            {data.authors.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
        {/* With scripts a choice applies at once; without them, Apply sends the form. */}
        <noscript>
          <button type="submit" className={link}>
            Apply
          </button>
        </noscript>
        <p className="ml-auto text-xs text-slate-500">Times in {data.timeZone}</p>
      </Form>
      {moveError ? (
        <div role="alert" className="mb-3 rounded-md bg-rose-50 px-3 py-2 text-sm font-medium text-rose-700">
          <p>{moveError}</p>
          {overridable ? <MoveAnyway postId={overridable.postId} day={overridable.day} /> : null}
        </div>
      ) : null}
      <div className="hidden sm:block">
        <CalendarGrid data={data} canCreate={canCreate} onDrop={drop} onDrag={setDragging} />
      </div>
      <ol className="space-y-3 sm:hidden" aria-label="Agenda" data-testid="agenda">
        {data.days
          .filter((d) => d.entries.length > 0 || d.key === data.today)
          .map((day) => (
            <li key={day.key} data-testid="agenda-day" data-day={day.key} className="rounded-lg border border-slate-200 bg-white p-3">
              <h3 className="text-sm font-semibold">{day.label}</h3>
              <ul className="mt-2 space-y-2">
                {day.entries.map((e) => (
                  <EntryChip key={e.id} entry={e} onDrag={setDragging} />
                ))}
              </ul>
              {day.more ? <MoreLink data={data} day={day} /> : null}
              {day.entries.length === 0 && canCreate ? <PlanPost day={day} /> : null}
            </li>
          ))}
      </ol>
    </section>
  );
}

/** The first day the grid's focus lands on: today when shown, else the month's first day. */
function startDay(data: CalendarData) {
  if (data.days.some((d) => d.key === data.today)) return data.today;
  return data.days.find((d) => d.key.startsWith(data.window.month))?.key ?? data.days[0]?.key ?? "";
}

/** The month or week as a grid of weeks: one Tab stop, the arrow keys within (issue 56). */
function CalendarGrid({
  data,
  canCreate,
  onDrop,
  onDrag,
}: {
  data: CalendarData;
  canCreate: boolean;
  onDrop: (day: string) => void;
  onDrag: (id: string | null) => void;
}) {
  const roving = useRovingGrid(data.days, startDay(data));
  const weeks = Array.from({ length: Math.ceil(data.days.length / 7) }, (_, w) => data.days.slice(w * 7, w * 7 + 7));
  return (
    <>
      <p id="calendar-keys-help" className="sr-only">
        Arrow keys move between days; down goes into a day&apos;s posts. Enter opens a post; Tab reaches its Move to…
      </p>
      <div
        ref={roving.grid}
        role="grid"
        tabIndex={-1}
        aria-label="Calendar days"
        aria-describedby="calendar-keys-help"
        data-testid="calendar-grid"
        onKeyDown={roving.onKeyDown}
        onFocus={roving.onFocus}
        className="grid grid-cols-7 gap-px overflow-hidden rounded-xl border border-slate-200 bg-slate-200 text-sm"
      >
        <div role="row" className="contents">
          {WEEKDAYS.map((d) => (
            <div key={d} role="columnheader" className="bg-slate-50 px-2 py-1 text-xs font-semibold text-slate-600">
              {d}
            </div>
          ))}
        </div>
        {weeks.map((week, w) => (
          <div key={week[0].key} role="row" className="contents">
            {week.map((day, i) => (
              <DayCell
                key={day.key}
                day={day}
                data={data}
                canCreate={canCreate}
                onDrop={onDrop}
                onDrag={onDrag}
                tall={data.window.cal === "week"}
                roving={{ day: w * 7 + i, tabIndex: roving.tabIndex }}
              />
            ))}
          </div>
        ))}
      </div>
    </>
  );
}

function MoreLink({ data, day, tabIndex }: { data: CalendarData; day: Day; tabIndex?: number }) {
  return (
    <Link
      tabIndex={tabIndex}
      to={calendarHref(data.query, { cal: "week", at: day.key })}
      className="mt-1 flex min-h-6 items-center text-xs font-medium text-indigo-700 hover:underline"
    >
      +{day.more} more
    </Link>
  );
}

function DayCell({
  day,
  data,
  canCreate,
  onDrop,
  onDrag,
  tall,
  roving,
}: {
  day: Day;
  data: CalendarData;
  canCreate: boolean;
  onDrop: (day: string) => void;
  onDrag: (id: string | null) => void;
  tall: boolean;
  roving: Roving;
}) {
  const [over, setOver] = useState(false);
  const outside = data.window.cal === "month" && !day.key.startsWith(data.window.month);
  const best = data.bestSlots[day.key];
  return (
    <div
      role="gridcell"
      tabIndex={roving.tabIndex(roving.day)}
      data-roving={spotName(roving.day)}
      data-spot={spotName(roving.day)}
      data-testid="calendar-day"
      data-day={day.key}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        onDrop(day.key);
      }}
      className={`${tall ? "min-h-[22rem]" : "min-h-[7.5rem]"} p-1.5 focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-600 ${outside ? "bg-slate-50 text-slate-400" : "bg-white"} ${over ? "ring-2 ring-inset ring-indigo-400" : ""}`}
    >
      <p className={`text-xs font-semibold ${day.key === data.today ? "text-indigo-700" : ""}`}>
        <span className="sr-only">{day.label}</span>
        <span aria-hidden="true">{tall ? day.label : Number(day.key.slice(8))}</span>
      </p>
      {best ? (
        <p className="mt-1 rounded bg-amber-100 px-1.5 py-0.5 text-[11px] font-medium text-amber-900" data-testid="best-slot">
          Best time {best}
        </p>
      ) : null}
      <ul className="mt-1 space-y-1">
        {day.entries.map((e, i) => (
          <EntryChip key={e.id} entry={e} onDrag={onDrag} spot={{ day: roving.day, entry: i, tabIndex: roving.tabIndex(roving.day, i) }} />
        ))}
      </ul>
      {/* The day's own controls are in the Tab order while the day has the grid's focus. */}
      {day.more ? <MoreLink data={data} day={day} tabIndex={roving.tabIndex(roving.day)} /> : null}
      {day.entries.length === 0 && canCreate && !outside && day.key >= data.today ? (
        <PlanPost day={day} tabIndex={roving.tabIndex(roving.day)} />
      ) : null}
    </div>
  );
}

/** A new draft named for the day, opened in the editor, where its channel posts are planned. */
function PlanPost({ day, tabIndex }: { day: Day; tabIndex?: number }) {
  return (
    <Form method="post" action="/content/new" className="mt-1">
      <IdempotencyKeyField />
      <input type="hidden" name="title" value={`Post for ${day.label}`} />
      <input type="hidden" name="type" value="social" />
      <input type="hidden" name="tags" value="" />
      <button type="submit" tabIndex={tabIndex} className="min-h-6 text-[11px] font-medium text-indigo-700 hover:underline">
        Plan a post
      </button>
    </Form>
  );
}

/** In the grid, a post's place in its roving focus: its title link is the spot, its other controls follow it. */
type Spot = { day: number; entry: number; tabIndex: 0 | -1 };

function EntryChip({ entry: e, onDrag, spot }: { entry: Entry; onDrag: (id: string | null) => void; spot?: Spot }) {
  const movable = e.kind === "post" && e.status === "scheduled";
  const href = `/editor?id=${e.contentId}${e.kind === "post" ? `#post-${e.id}` : ""}`;
  return (
    <li
      data-testid="calendar-entry"
      data-spot={spot ? spotName(spot.day, spot.entry) : undefined}
      data-status={e.status}
      data-channel={e.channel ?? "item"}
      draggable={movable}
      onDragStart={(ev) => {
        ev.dataTransfer.setData("text/plain", e.id);
        onDrag(e.id);
      }}
      onDragEnd={() => onDrag(null)}
      className={`rounded-md border px-1.5 py-1 text-xs ${e.failed ? "border-rose-400 bg-rose-50" : e.kind === "item" ? "border-dashed border-slate-300 bg-slate-50" : "border-slate-200 bg-white"} ${movable ? "cursor-grab" : ""}`}
    >
      <div className="flex items-center gap-1">
        {e.channel ? (
          <ChannelIcon channel={e.channel as Channel} label={CHANNEL_LABELS[e.channel as Channel]} />
        ) : (
          <span aria-hidden>📄</span>
        )}
        <span className="tabular-nums text-slate-500">{e.time}</span>
        {e.kind === "post" ? <PostStatusBadge status={e.status} compact /> : <span className="text-slate-500">Planned</span>}
      </div>
      <Link
        to={href}
        tabIndex={spot?.tabIndex}
        data-roving={spot ? spotName(spot.day, spot.entry) : undefined}
        className="block truncate font-medium leading-6 hover:underline"
        title={e.title}
      >
        {e.title}
      </Link>
      {e.chain ? (
        <span className="block truncate text-slate-600" title={e.chain} data-testid="chain-standing">
          {e.chain}
        </span>
      ) : null}
      {e.failed ? (
        <Link to={href} tabIndex={spot?.tabIndex} className="block truncate leading-6 text-rose-700 underline" data-testid="failed-reason">
          Why it failed: {e.reason ?? "unknown"}
        </Link>
      ) : null}
      {movable ? <MoveTo entry={e} tabIndex={spot?.tabIndex} /> : null}
    </li>
  );
}

/** Below the brand-voice threshold, an Editor or Admin moves the post anyway, explicitly, as in the editor. */
function MoveAnyway({ postId, day }: { postId: string; day: string }) {
  const fetcher = useFetcher<typeof action>({ key: "calendar-move" });
  return (
    <fetcher.Form method="post" className="mt-2">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="postId" value={postId} />
      <input type="hidden" name="day" value={day} />
      <input type="hidden" name="override" value="true" />
      <button
        type="submit"
        className="rounded-lg border border-rose-300 bg-white px-3 py-1.5 text-sm font-medium text-rose-700 hover:bg-rose-50"
      >
        Move anyway, overriding the threshold
      </button>
    </fetcher.Form>
  );
}

/** The keyboard (and no-JS) way to reschedule: pick another day, same time. */
function MoveTo({ entry, tabIndex }: { entry: Entry; tabIndex?: number }) {
  const fetcher = useFetcher<typeof action>({ key: "calendar-move" });
  return (
    <details className="mt-0.5">
      <summary tabIndex={tabIndex} className="cursor-pointer text-indigo-700">
        Move to…
      </summary>
      <fetcher.Form method="post" className="mt-1 flex flex-wrap items-center gap-1">
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="postId" value={entry.id} />
        {/* Wrapped, not linked by id: the grid and the phone agenda both render this form. */}
        <label className="w-full">
          <span className="sr-only">New day for {entry.title}</span>
          <input type="date" name="day" required className="w-full rounded border border-slate-300 px-1 py-0.5" />
        </label>
        <button type="submit" className="rounded bg-indigo-600 px-2 py-0.5 font-medium text-white">
          Move
        </button>
      </fetcher.Form>
    </details>
  );
}
