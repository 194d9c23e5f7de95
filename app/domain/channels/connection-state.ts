// What a channel's connection is, in words a member can act on (decision 042): a native connection
// with a working token, one that needs reconnecting, a webhook, or a handle only (posts wait to be posted by hand).
export interface ConnectionFacts {
  name: string;
  connected: boolean;
  handle: string | null;
  hasToken: boolean;
  tokenExpiresAt: Date | null;
  reconnectReason: string | null;
  webhookHost: string | null;
  hasSecret: boolean;
}

export type ConnectionKind = "network" | "reconnect" | "webhook" | "manual" | "off";

const DAY_MS = 86_400_000;

export function connectionKind(f: Pick<ConnectionFacts, "connected" | "hasToken" | "reconnectReason" | "webhookHost">): ConnectionKind {
  if (!f.connected) return "off";
  if (f.reconnectReason) return "reconnect";
  if (f.hasToken) return "network";
  return f.webhookHost ? "webhook" : "manual";
}

/** "Connected as @brand · expires in 12 days", "Needs reconnecting: …", "Posts to hooks.example.com (signed)", … */
export function connectionLabel(f: ConnectionFacts, now: Date): string {
  switch (connectionKind(f)) {
    case "network": {
      const as = f.handle ? `Connected as ${f.handle}` : "Connected";
      if (!f.tokenExpiresAt) return as;
      const days = Math.max(0, Math.ceil((f.tokenExpiresAt.getTime() - now.getTime()) / DAY_MS));
      return `${as} · expires in ${days} day${days === 1 ? "" : "s"}`;
    }
    case "reconnect":
      return `Needs reconnecting: ${f.reconnectReason}`;
    case "webhook":
      return `${f.handle ? `Connected as ${f.handle} · p` : "P"}osts to ${f.webhookHost}${f.hasSecret ? " (signed)" : ""}`;
    case "manual":
      // Linked by name only: no token, so nothing is posted for the team.
      return `${f.handle ? `Linked as ${f.handle}` : "Linked"}: posts wait to be posted by hand`;
    default:
      return "Not connected";
  }
}
