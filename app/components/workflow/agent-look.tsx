import { Bot, CircleCheck, CirclePause, CircleX, Inbox, LoaderCircle, Palette, PenLine, Send, ShieldCheck, Sparkles } from "lucide-react";
import type { LucideIcon } from "lucide-react";

const TYPE_ICONS: Record<string, LucideIcon> = {
  input: Inbox,
  generator: Sparkles,
  editor: PenLine,
  stylist: Palette,
  reviewer: ShieldCheck,
  publisher: Send,
};

const STATUS_LOOK: Record<string, { label: string; className: string; icon: LucideIcon; spin?: boolean }> = {
  active: { label: "Active", className: "bg-emerald-50 text-emerald-700 ring-emerald-600/20", icon: CircleCheck },
  processing: { label: "Processing", className: "bg-sky-50 text-sky-700 ring-sky-600/20", icon: LoaderCircle, spin: true },
  idle: { label: "Idle", className: "bg-slate-100 text-slate-600 ring-slate-500/20", icon: CirclePause },
  error: { label: "Error", className: "bg-rose-50 text-rose-700 ring-rose-600/20", icon: CircleX },
};

export function agentTypeLabel(type: string): string {
  return type.charAt(0).toUpperCase() + type.slice(1);
}

export function agentStatusLabel(status: string): string {
  return STATUS_LOOK[status]?.label ?? status;
}

export function AgentTypeIcon({ type }: { type: string }) {
  const Icon = TYPE_ICONS[type] ?? Bot;
  return <Icon size={20} aria-hidden />;
}

export function AgentStatusBadge({ status }: { status: string }) {
  const look = STATUS_LOOK[status] ?? STATUS_LOOK.idle;
  const Icon = look.icon;
  return (
    <span
      data-testid="agent-status"
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${look.className}`}
    >
      <Icon size={12} aria-hidden className={look.spin ? "motion-safe:animate-spin" : undefined} />
      {agentStatusLabel(status)}
    </span>
  );
}
