import { WEEKDAYS, type HeatmapCell } from "~/domain/analytics-view";

// Intensity 1–4, light to dark; text colour keeps the day number legible on each.
const LEVEL_STYLES = ["", "bg-indigo-100 text-indigo-900", "bg-indigo-300 text-indigo-950", "bg-indigo-600 text-white", "bg-indigo-800 text-white"];

/** 4 weeks × 7 days, Monday first; each cell's tooltip gives date, value and share of the total. */
export function EngagementHeatmap({ cells }: { cells: HeatmapCell[] }) {
  return (
    <div className="mx-auto max-w-md">
      <div className="grid grid-cols-7 gap-2 text-center text-xs font-medium text-slate-500" aria-hidden>
        {WEEKDAYS.map((d) => <span key={d}>{d}</span>)}
      </div>
      <ol className="mt-2 grid grid-cols-7 gap-2" aria-label="Engaged views per day, last 4 full weeks">
        {cells.map((cell) => (
          <li key={cell.date}>
            <span
              role="img"
              title={cell.label}
              aria-label={cell.label}
              data-level={cell.level}
              className={`flex aspect-square items-center justify-center rounded-md text-xs font-medium transition hover:ring-2 hover:ring-indigo-400 ${LEVEL_STYLES[cell.level]}`}
            >
              {Number(cell.date.slice(8))}
            </span>
          </li>
        ))}
      </ol>
      <div className="mt-4 flex items-center justify-between text-xs text-slate-500">
        <span>Less engagement</span>
        <span className="flex gap-1" aria-hidden>
          {LEVEL_STYLES.slice(1).map((style) => <span key={style} className={`h-3 w-3 rounded-sm ${style}`} />)}
        </span>
        <span>More engagement</span>
      </div>
    </div>
  );
}
