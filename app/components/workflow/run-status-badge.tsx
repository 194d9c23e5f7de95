const LOOK: Record<string, { label: string; className: string }> = {
  queued: { label: "Queued", className: "bg-slate-100 text-slate-600 ring-slate-500/20" },
  running: { label: "Running", className: "bg-sky-50 text-sky-700 ring-sky-600/20" },
  waiting: { label: "Waiting", className: "bg-amber-50 text-amber-700 ring-amber-600/20" },
  succeeded: { label: "Succeeded", className: "bg-emerald-50 text-emerald-700 ring-emerald-600/20" },
  failed: { label: "Failed", className: "bg-rose-50 text-rose-700 ring-rose-600/20" },
};

export function RunStatusBadge({ status }: { status: string }) {
  const look = LOOK[status] ?? LOOK.queued;
  return (
    <span
      data-testid="run-status"
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${look.className}`}
    >
      {look.label}
    </span>
  );
}
