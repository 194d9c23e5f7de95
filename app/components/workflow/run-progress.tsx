/** A run's progress as a labelled bar: finished steps of the run's pipeline. */
export function RunProgress({
  title,
  progress,
  done,
  total,
  status,
}: {
  title: string;
  progress: number;
  done: number;
  total: number;
  status: string;
}) {
  const colour =
    status === "failed"
      ? "bg-rose-500"
      : status === "waiting"
        ? "bg-amber-500"
        : status === "succeeded"
          ? "bg-emerald-500"
          : "bg-indigo-500";
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={`Progress of ${title}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={`${done} of ${total} steps`}
        data-testid="run-progress"
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100"
      >
        <div className={`h-full rounded-full transition-[width] duration-500 ${colour}`} style={{ width: `${progress}%` }} />
      </div>
      <span className="w-20 shrink-0 text-right text-xs tabular-nums text-slate-500">
        {done}/{total} steps
      </span>
    </div>
  );
}
