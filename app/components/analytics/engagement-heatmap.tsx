import { WEEKDAYS, type HeatmapCell } from "~/domain/analytics-view";

// Intensity 1–4, light to dark; text colour keeps the day number legible on each.
const LEVEL_STYLES = [
  "bg-slate-50 text-slate-500",
  "bg-indigo-100 text-indigo-900",
  "bg-indigo-300 text-indigo-950",
  "bg-indigo-600 text-white",
  "bg-indigo-800 text-white",
];

/** 4 weeks × 7 days, Monday first; each cell's tooltip gives date, value and share; days outside the range stay blank. */
export function EngagementHeatmap({ cells }: { cells: HeatmapCell[] }) {
  return (
    <div className="mx-auto max-w-md">
      <div className="grid grid-cols-7 gap-2 text-center text-xs font-medium text-slate-500" aria-hidden>
        {WEEKDAYS.map((d) => (
          <span key={d}>{d}</span>
        ))}
      </div>
      <ol className="mt-2 grid grid-cols-7 gap-2" aria-label="Engaged views per day, last 4 weeks of the range">
        {cells.map((cell) => (
          <li key={cell.date} className="group relative">
            <span
              role={cell.value === null ? undefined : "img"}
              tabIndex={cell.value === null ? undefined : 0}
              title={cell.value === null ? cell.label : undefined}
              aria-label={cell.value === null ? undefined : cell.label}
              data-level={cell.level}
              className={`flex aspect-square items-center justify-center rounded-md text-xs font-medium transition focus:outline-none ${cell.value === null ? "" : "hover:ring-2 hover:ring-indigo-400 focus:ring-2 focus:ring-indigo-500"} ${LEVEL_STYLES[cell.level]}`}
            >
              {Number(cell.date.slice(8))}
            </span>
            {cell.value === null ? null : (
              <span
                role="tooltip"
                className="pointer-events-none absolute bottom-full left-1/2 z-10 mb-2 hidden w-48 -translate-x-1/2 rounded-md bg-slate-900 px-2 py-1.5 text-center text-xs text-white shadow-lg group-hover:block group-focus-within:block"
              >
                {cell.label}
              </span>
            )}
          </li>
        ))}
      </ol>
      <div className="mt-4 flex items-center justify-between text-xs text-slate-500">
        <span>Less engagement</span>
        <span className="flex gap-1" aria-hidden>
          {LEVEL_STYLES.slice(1).map((style) => (
            <span key={style} className={`h-3 w-3 rounded-sm ${style}`} />
          ))}
        </span>
        <span>More engagement</span>
      </div>
    </div>
  );
}
