import { StatusLine } from "./status-line";
import type { SaveState } from "./use-autosave";

function clock(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

/** The plain editor's save state, said in words. */
export function SaveIndicator({ state }: { state: SaveState }) {
  switch (state.kind) {
    case "saved":
      return <StatusLine tone="ok">{state.at ? `Saved at ${clock(state.at)}` : "Auto-saved"}</StatusLine>;
    case "dirty":
      return <StatusLine tone="muted">Unsaved changes</StatusLine>;
    case "saving":
      return <StatusLine tone="busy">Saving…</StatusLine>;
    case "offline":
      return <StatusLine tone="error">Offline — not saved (kept in this browser, retrying)</StatusLine>;
    case "conflict":
      return <StatusLine tone="warn">Not saved: newer version exists</StatusLine>;
    case "error":
      return <StatusLine tone="error">Not saved: {state.message}</StatusLine>;
  }
}
