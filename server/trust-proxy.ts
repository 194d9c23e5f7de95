// Which forwarded headers count (TRUST_PROXY): express's `trust proxy` setting, and the same reading
// for the tracker's event endpoint, which answers before express (server/studio.ts). Unset trusts
// nobody; otherwise express's value ("1", "loopback", "10.0.0.0/8", …).
import express from "express";
import type { IncomingMessage } from "node:http";
import proxyAddr from "proxy-addr";

export function trustSetting(value = process.env.TRUST_PROXY): number | string | undefined {
  if (!value) return undefined;
  return /^\d+$/.test(value) ? Number(value) : value;
}

/** The caller's address as express's `req.ip` reads it under the same setting. */
export function clientAddress(setting: number | string | undefined): (req: IncomingMessage) => string {
  // Trusting no proxy, the address is the socket's: proxy-addr would parse X-Forwarded-For for nothing.
  if (setting === undefined) return (req) => req.socket.remoteAddress ?? "";
  const probe = express();
  probe.set("trust proxy", setting);
  const trust = probe.get("trust proxy fn") as (address: string | undefined, hops: number) => boolean;
  return (req) => proxyAddr(req, trust);
}
