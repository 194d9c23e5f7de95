// The app behind the front sees the client's address, scheme and host exactly as a lone server with
// the same TRUST_PROXY would, and a client cannot make it believe otherwise (decision 028).
import express from "express";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { behindFront, compileTrust, forwardedHeaders, trustSetting } from "./trust-proxy";

let dir: string;
beforeAll(() => void (dir = fs.mkdtempSync(path.join(os.tmpdir(), "trust-"))));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** What an app behind the front with this setting makes of a request the front's client sent from `peer`. */
async function seenBehindFront(setting: string | undefined, peer: string, headers: Record<string, string>) {
  const trust = compileTrust(trustSetting(setting));
  const app = express();
  app.set("trust proxy", behindFront(trust));
  app.get("/", (req, res) => res.json({ ip: req.ip, protocol: req.protocol, hostname: req.hostname }));
  const socketPath = path.join(dir, `${Math.random()}.sock`);
  const server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(socketPath, () => resolve(s));
  });
  try {
    const sent = forwardedHeaders({ host: "studio.test", ...headers }, peer, trust) as http.OutgoingHttpHeaders;
    return await new Promise<{ ip: string; protocol: string; hostname: string }>((resolve, reject) => {
      http
        .get({ socketPath, path: "/", headers: sent }, (res) => {
          let body = "";
          res.on("data", (chunk) => (body += chunk));
          res.on("end", () => resolve(JSON.parse(body)));
        })
        .on("error", reject);
    });
  } finally {
    server.close();
  }
}

const SPOOFED = { "x-forwarded-for": "6.6.6.6", "x-forwarded-proto": "https", "x-forwarded-host": "evil.test" };

describe("behind the front", () => {
  it("trusts nobody by default: the client's own forwarding headers count for nothing", async () => {
    expect(await seenBehindFront(undefined, "203.0.113.9", SPOOFED)).toEqual({
      ip: "203.0.113.9",
      protocol: "http",
      hostname: "studio.test",
    });
  });

  it("with TRUST_PROXY=1, the proxy in front of the studio tells the client's address, scheme and host", async () => {
    const fromProxy = { "x-forwarded-for": "198.51.100.7", "x-forwarded-proto": "https", "x-forwarded-host": "studio.example" };
    expect(await seenBehindFront("1", "10.0.0.2", fromProxy)).toEqual({
      ip: "198.51.100.7",
      protocol: "https",
      hostname: "studio.example",
    });
  });

  it("with TRUST_PROXY=1, a client that forged a chain is still seen as the proxy saw it", async () => {
    const forged = { ...SPOOFED, "x-forwarded-for": "6.6.6.6, 198.51.100.7" };
    expect((await seenBehindFront("1", "10.0.0.2", forged)).ip).toBe("198.51.100.7");
  });

  it("with TRUST_PROXY=loopback, headers from any other address are ignored", async () => {
    expect(await seenBehindFront("loopback", "203.0.113.9", SPOOFED)).toEqual({
      ip: "203.0.113.9",
      protocol: "http",
      hostname: "studio.test",
    });
    expect(await seenBehindFront("loopback", "127.0.0.1", SPOOFED)).toEqual({ ip: "6.6.6.6", protocol: "https", hostname: "evil.test" });
  });
});
