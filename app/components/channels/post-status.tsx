import { CHANNEL_ICONS, type Channel } from "~/domain/channels/network-limits";

const STYLES: Record<string, string> = {
  draft: "bg-slate-100 text-slate-700 ring-slate-500/20",
  scheduled: "bg-indigo-50 text-indigo-700 ring-indigo-600/20",
  publishing: "bg-amber-50 text-amber-800 ring-amber-600/20",
  manual: "bg-sky-50 text-sky-800 ring-sky-600/20",
  published: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  failed: "bg-rose-100 text-rose-800 ring-rose-600/40",
  missed: "bg-orange-50 text-orange-800 ring-orange-600/30",
};

const LABELS: Record<string, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  publishing: "Publishing",
  manual: "Ready to post by hand",
  published: "Published",
  failed: "Failed",
  missed: "Missed",
};

/** Where room is short (a calendar day): the label seen; the full words stay for screen readers and the title. */
const SHORT: Record<string, string> = { manual: "By hand" };

export function PostStatusBadge({ status, compact = false }: { status: string; compact?: boolean }) {
  const label = LABELS[status] ?? status;
  const short = compact ? SHORT[status] : undefined;
  return (
    <span
      data-testid="post-status"
      title={short ? label : undefined}
      className={`inline-flex items-center ${compact ? "whitespace-nowrap" : ""} rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STYLES[status] ?? STYLES.draft}`}
    >
      {short ? (
        <>
          <span aria-hidden="true">{short}</span>
          <span className="sr-only">{label}</span>
        </>
      ) : (
        label
      )}
    </span>
  );
}

export function ChannelIcon({ channel, label }: { channel: Channel; label: string }) {
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className="inline-flex h-5 w-5 shrink-0 items-center justify-center rounded bg-slate-800 text-[10px] font-bold text-white"
    >
      {CHANNEL_ICONS[channel]}
    </span>
  );
}
