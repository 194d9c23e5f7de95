import { Link } from "@remix-run/react";

/** What an empty chart, list or table says instead: what is missing, and the next step as links. */
export function EmptyState({ title, children, className = "" }: { title: string; children?: React.ReactNode; className?: string }) {
  return (
    <div
      data-testid="empty-state"
      className={`flex flex-col items-center justify-center rounded-lg border border-dashed border-slate-300 p-6 text-center ${className}`}
    >
      <p className="font-medium text-slate-700">{title}</p>
      {children ? <p className="mt-1 text-sm text-slate-500">{children}</p> : null}
    </div>
  );
}

/** A next step inside an empty state. */
export function NextStep({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className="font-medium text-indigo-700 underline underline-offset-2">
      {children}
    </Link>
  );
}
