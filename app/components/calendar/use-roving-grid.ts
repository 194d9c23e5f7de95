// The calendar grid's roving focus (issue 56): one element of the grid is in the Tab order, a day or
// one of its posts; the arrow keys move it (app/domain/channels/calendar-keys) and focus follows.
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";
import { nextSpot, type GridSpot } from "~/domain/channels/calendar-keys";

type Day = { key: string; entries: unknown[] };

/** The spot's name on its element (`data-roving`): "day:entry". */
export const spotName = (day: number, entry = -1) => `${day}:${entry}`;

export function useRovingGrid(days: Day[], startKey: string) {
  const [spot, setSpot] = useState<{ key: string; entry: number }>({ key: startKey, entry: -1 });
  const grid = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const found = days.findIndex((d) => d.key === spot.key);
  const day =
    found >= 0
      ? found
      : Math.max(
          0,
          days.findIndex((d) => d.key === startKey),
        );
  const at: GridSpot = { day, entry: found >= 0 ? Math.min(spot.entry, (days[day]?.entries.length ?? 0) - 1) : -1 };

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-roving="${spotName(at.day, at.entry)}"]`)?.focus();
  });

  const go = (to: GridSpot) => setSpot({ key: days[to.day].key, entry: to.entry });
  const onKeyDown = (ev: KeyboardEvent<HTMLElement>) => {
    // Only on the grid's own spots: a key typed in a post's "Move to…" form stays the form's.
    if (!(ev.target as HTMLElement).dataset.roving || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const to = nextSpot(
      at,
      ev.key,
      days.map((d) => d.entries.length),
    );
    if (!to) return;
    ev.preventDefault();
    moved.current = true;
    go(to);
  };
  /** A click or a Tab into a spot's own controls moves the spot there, so Tab comes back to it. */
  const onFocus = (ev: FocusEvent<HTMLElement>) => {
    const owner = (ev.target as HTMLElement).closest<HTMLElement>("[data-spot]");
    const [d, e] = (owner?.dataset.spot ?? "").split(":").map(Number);
    if (owner && days[d] && (d !== at.day || e !== at.entry)) go({ day: d, entry: e });
  };
  const isAt = (d: number, e = -1) => at.day === d && at.entry === e;
  return { grid, onKeyDown, onFocus, isAt, tabIndex: (d: number, e = -1) => (isAt(d, e) ? 0 : -1) };
}
