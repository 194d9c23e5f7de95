// The calendar grid by keyboard (issue 56): one Tab stop, the arrow keys move between days (a week a
// row) and down into and among a day's posts; Home and End go to the row's ends.

/** Where the grid's focus is: a day, and one of its posts (entry -1 is the day itself). */
export interface GridSpot {
  day: number;
  entry: number;
}

/** The spot a key moves to, or null when the key is not the grid's (or leads nowhere). */
export function nextSpot(at: GridSpot, key: string, entriesPerDay: number[]): GridSpot | null {
  const days = entriesPerDay.length;
  const day = (d: number, entry = -1): GridSpot | null => (d >= 0 && d < days ? { day: d, entry } : null);
  const last = (d: number) => (entriesPerDay[d] ?? 0) - 1;
  switch (key) {
    case "ArrowRight":
      return day(at.day + 1);
    case "ArrowLeft":
      return day(at.day - 1);
    case "ArrowDown":
      return at.entry < last(at.day) ? { day: at.day, entry: at.entry + 1 } : day(at.day + 7);
    case "ArrowUp":
      return at.entry >= 0 ? { day: at.day, entry: at.entry - 1 } : at.day - 7 >= 0 ? day(at.day - 7, last(at.day - 7)) : null;
    case "Home":
      return day(at.day - (at.day % 7));
    case "End":
      return day(Math.min(days - 1, at.day - (at.day % 7) + 6));
    case "Enter":
      // On a day with posts, Enter goes to its first; on a post the link opens it (not this grid's key).
      return at.entry === -1 && last(at.day) >= 0 ? { day: at.day, entry: 0 } : null;
    default:
      return null;
  }
}
