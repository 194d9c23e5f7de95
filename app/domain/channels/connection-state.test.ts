import { describe, expect, it } from "vitest";
import { connectionKind, connectionLabel, type ConnectionFacts } from "./connection-state";

const now = new Date("2026-11-27T10:00:00Z");
const facts = (extra: Partial<ConnectionFacts>): ConnectionFacts => ({
  name: "X",
  connected: true,
  handle: "@studiohq",
  hasToken: false,
  tokenExpiresAt: null,
  reconnectReason: null,
  webhookHost: null,
  hasSecret: false,
  ...extra,
});

describe("a connection in words", () => {
  it("claims a connection only with a working token", () => {
    expect(connectionKind(facts({}))).toBe("manual");
    expect(connectionLabel(facts({}), now)).toBe("Linked as @studiohq: posts wait to be posted by hand");
    expect(connectionLabel(facts({ hasToken: true, tokenExpiresAt: new Date("2026-12-09T09:00:00Z") }), now)).toBe(
      "Connected as @studiohq · expires in 12 days",
    );
  });

  it("says why a connection needs reconnecting, even with a token", () => {
    const f = facts({ hasToken: true, reconnectReason: "the network refused to renew access" });
    expect(connectionKind(f)).toBe("reconnect");
    expect(connectionLabel(f, now)).toBe("Needs reconnecting: the network refused to renew access");
  });

  it("names a webhook's host, and nothing when the channel is off", () => {
    expect(connectionLabel(facts({ webhookHost: "hooks.example.com", hasSecret: true }), now)).toBe(
      "Connected as @studiohq · posts to hooks.example.com (signed)",
    );
    expect(connectionLabel(facts({ connected: false }), now)).toBe("Not connected");
  });
});
