import { statusLabel, typeLabel } from "~/domain/content";

const STATUS_STYLES: Record<string, string> = {
  published: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  review: "bg-amber-50 text-amber-800 ring-amber-600/20",
  draft: "bg-slate-100 text-slate-700 ring-slate-500/20",
  archived: "bg-zinc-100 text-zinc-600 ring-zinc-500/20",
};

const TYPE_STYLES: Record<string, string> = {
  blog: "bg-indigo-50 text-indigo-700",
  article: "bg-sky-50 text-sky-700",
  social: "bg-pink-50 text-pink-700",
  caption: "bg-violet-50 text-violet-700",
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STATUS_STYLES[status] ?? STATUS_STYLES.draft}`}
    >
      {statusLabel(status)}
    </span>
  );
}

export function TypeBadge({ type }: { type: string }) {
  return (
    <span className={`inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium ${TYPE_STYLES[type] ?? TYPE_STYLES.blog}`}>
      {typeLabel(type)}
    </span>
  );
}
