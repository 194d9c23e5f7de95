import { AlertTriangle, Check, Loader2, WifiOff } from "lucide-react";

export type StatusTone = "busy" | "muted" | "ok" | "warn" | "error";

const COLOUR: Record<StatusTone, string> = {
  busy: "text-slate-500",
  muted: "text-slate-500",
  ok: "text-emerald-700",
  warn: "text-amber-700",
  error: "text-rose-600",
};

/** One line of editor status, said in words (role="status" announces changes); `offline` shows the no-network icon. */
export function StatusLine({ tone, offline = false, children }: { tone: StatusTone; offline?: boolean; children: React.ReactNode }) {
  const Icon = offline ? WifiOff : { busy: Loader2, muted: null, ok: Check, warn: AlertTriangle, error: AlertTriangle }[tone];
  return (
    <span role="status" className={`flex items-center gap-1.5 text-sm ${COLOUR[tone]}`}>
      {Icon ? <Icon size={14} className={tone === "busy" ? "animate-spin" : undefined} aria-hidden /> : null}
      {children}
    </span>
  );
}
