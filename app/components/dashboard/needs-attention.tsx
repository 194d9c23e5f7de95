import { Link } from "@remix-run/react";
import { AlertTriangle } from "lucide-react";
import type { AttentionRow } from "~/domain/needs-attention";

/** The Dashboard's list of what failed on the way out; rendered only when something waits. */
export function NeedsAttention({ rows }: { rows: AttentionRow[] }) {
  if (rows.length === 0) return null;
  return (
    <section
      aria-labelledby="needs-attention-title"
      className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-5"
      data-testid="needs-attention"
    >
      <h2 id="needs-attention-title" className="flex items-center gap-2 font-semibold text-amber-900">
        <AlertTriangle size={18} aria-hidden /> Needs attention ({rows.length})
      </h2>
      <ul className="mt-3 divide-y divide-amber-200">
        {rows.map((row) => (
          <li
            key={row.key}
            className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
            data-kind={row.kind}
          >
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{row.title}</p>
              <p className="break-words text-sm text-slate-700">{row.detail}</p>
            </div>
            <Link
              to={row.href}
              className="inline-flex min-h-11 shrink-0 items-center text-sm font-medium text-indigo-700 underline hover:text-indigo-900 sm:min-h-6"
            >
              {row.fix}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
