import { StatusLine } from "./status-line";

export type LiveState = "connecting" | "saving" | "saved" | "offline" | "refused";

/** The co-editing connection, said in words. */
export function LiveStatus({ state, reason }: { state: LiveState; reason?: string }) {
  switch (state) {
    case "connecting":
      return <StatusLine tone="busy">Connecting…</StatusLine>;
    case "saving":
      return <StatusLine tone="busy">Saving…</StatusLine>;
    case "saved":
      return <StatusLine tone="ok">All changes saved</StatusLine>;
    case "offline":
      return (
        <StatusLine tone="warn" offline>
          Offline — changes kept on this device
        </StatusLine>
      );
    case "refused":
      return <StatusLine tone="error">Not connected: {reason ?? "the server refused the connection."}</StatusLine>;
  }
}
