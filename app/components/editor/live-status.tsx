import { AlertTriangle, Check, Loader2, WifiOff } from "lucide-react";

export type LiveState = "connecting" | "saving" | "saved" | "offline" | "refused";

/** The co-editing connection, said in words (role="status" announces changes). */
export function LiveStatus({ state, reason }: { state: LiveState; reason?: string }) {
  const base = "flex items-center gap-1.5 text-sm";
  switch (state) {
    case "connecting":
      return (
        <span role="status" className={`${base} text-slate-500`}>
          <Loader2 size={14} className="animate-spin" aria-hidden /> Connecting…
        </span>
      );
    case "saving":
      return (
        <span role="status" className={`${base} text-slate-500`}>
          <Loader2 size={14} className="animate-spin" aria-hidden /> Saving…
        </span>
      );
    case "saved":
      return (
        <span role="status" className={`${base} text-emerald-700`}>
          <Check size={14} aria-hidden /> All changes saved
        </span>
      );
    case "offline":
      return (
        <span role="status" className={`${base} text-amber-700`}>
          <WifiOff size={14} aria-hidden /> Offline — changes kept on this device
        </span>
      );
    case "refused":
      return (
        <span role="status" className={`${base} text-rose-600`}>
          <AlertTriangle size={14} aria-hidden /> Not connected: {reason ?? "the server refused the connection."}
        </span>
      );
  }
}
