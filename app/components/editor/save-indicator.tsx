import { AlertTriangle, Check, Loader2 } from "lucide-react";
import type { SaveState } from "./use-autosave";

function clock(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

export function SaveIndicator({ state }: { state: SaveState }) {
  const base = "flex items-center gap-1.5 text-sm";
  switch (state.kind) {
    case "saved":
      return (
        <span role="status" className={`${base} text-emerald-700`}>
          <Check size={14} aria-hidden /> {state.at ? `Saved at ${clock(state.at)}` : "Auto-saved"}
        </span>
      );
    case "dirty":
      return (
        <span role="status" className={`${base} text-slate-500`}>
          Unsaved changes
        </span>
      );
    case "saving":
      return (
        <span role="status" className={`${base} text-slate-500`}>
          <Loader2 size={14} className="animate-spin" aria-hidden /> Saving…
        </span>
      );
    case "offline":
      return (
        <span role="status" className={`${base} text-rose-600`}>
          <AlertTriangle size={14} aria-hidden /> Offline — not saved (kept in this browser, retrying)
        </span>
      );
    case "conflict":
      return (
        <span role="status" className={`${base} text-amber-700`}>
          <AlertTriangle size={14} aria-hidden /> Not saved: newer version exists
        </span>
      );
    case "error":
      return (
        <span role="status" className={`${base} text-rose-600`}>
          <AlertTriangle size={14} aria-hidden /> Not saved: {state.message}
        </span>
      );
  }
}
