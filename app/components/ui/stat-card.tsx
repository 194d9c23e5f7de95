import { TrendingDown, TrendingUp, Minus } from "lucide-react";
import type { ChangeDirection } from "~/domain/change";

const COLORS = {
  indigo: "bg-indigo-50 text-indigo-600",
  emerald: "bg-emerald-50 text-emerald-600",
  sky: "bg-sky-50 text-sky-600",
  amber: "bg-amber-50 text-amber-600",
  violet: "bg-violet-50 text-violet-600",
} as const;

export interface StatCardProps {
  title: string;
  value: string;
  change: string;
  direction: ChangeDirection;
  period: string;
  color: keyof typeof COLORS;
  icon: React.ReactNode;
}

export function StatCard({ title, value, change, direction, period, color, icon }: StatCardProps) {
  const Trend = direction === "increase" ? TrendingUp : direction === "decrease" ? TrendingDown : Minus;
  const tone = direction === "increase" ? "text-emerald-700" : direction === "decrease" ? "text-rose-600" : "text-slate-500";
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between">
        <div>
          <h3 className="text-sm font-medium text-slate-500">{title}</h3>
          <p className="mt-2 text-3xl font-bold tracking-tight" data-testid="stat-value">
            {value}
          </p>
        </div>
        <span className={`rounded-lg p-2.5 ${COLORS[color]}`}>{icon}</span>
      </div>
      <p className={`mt-3 flex items-center gap-1 text-sm font-medium ${tone}`}>
        <Trend size={14} aria-hidden />
        <span data-testid="stat-change">{change}</span>
        <span className="font-normal text-slate-500">{period}</span>
      </p>
    </section>
  );
}
