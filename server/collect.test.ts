// The tracker's HTTP layer (decision 021): POST /api/event on a plain Node server, as server/studio.ts
// answers it before express, and the other endpoints on express: CORS only for registered origins,
// bodies over 2 kB and unreadable ones refused before the use case sees them.
import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectRoutes, eventEndpoint, type CollectEntry } from "./collect";
import { clientAddress } from "./trust-proxy";

const SITE = "https://blog.example";
const seen: string[] = [];
const ips: string[] = [];
const entry: CollectEntry = {
  mayCollectFrom: (origin) => origin === SITE,
  collectEvent: async ({ body, ip }) => {
    seen.push(body);
    ips.push(ip);
    return body.includes('"k":"v"') ? "accepted" : "malformed";
  },
  collectPixel: async ({ referer }) => (referer.startsWith(SITE) ? "accepted" : "unknown-origin"),
};

let base = "";
let plainBase = "";
const servers: http.Server[] = [];
async function listen(server: http.Server) {
  servers.push(server.listen(0));
  await new Promise((r) => server.once("listening", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
beforeAll(async () => {
  const app = express();
  app.use(collectRoutes(entry));
  base = await listen(http.createServer(app));
  const event = eventEndpoint(entry, { clientIp: clientAddress(undefined) });
  plainBase = await listen(http.createServer((req, res) => void event(req, res)));
});
afterAll(() => servers.forEach((s) => s.close()));

describe("POST /api/event", () => {
  const baseOf = () => plainBase;
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${baseOf()}/api/event`, {
      method: "POST",
      body,
      headers: { Origin: SITE, "Content-Type": "text/plain;charset=UTF-8", ...headers },
    });

  it("answers a registered origin 202 with CORS headers", async () => {
    const res = await post('{"k":"v"}');
    expect(res.status).toBe(202);
    expect(res.headers.get("access-control-allow-origin")).toBe(SITE);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("refuses an unregistered origin with 403 and no CORS headers, before reading the body", async () => {
    seen.length = 0;
    const res = await post('{"k":"v"}', { Origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    expect(seen).toEqual([]);
  });

  it("refuses a body over 2 kB with 413 and an unreadable charset with 400, as plain text", async () => {
    seen.length = 0;
    const big = await post(`{"k":"v","u":"${"x".repeat(2100)}"}`);
    expect(big.status).toBe(413);
    expect(await big.text()).toBe("Body over 2 kB.");
    const unreadable = await post('{"k":"v"}', { "Content-Type": "text/plain;charset=no-such-charset" });
    expect(unreadable.status).toBe(400);
    expect(await unreadable.text()).not.toMatch(/at .*\.js|Error:/);
    expect(seen).toEqual([]);
    expect((await post("{not json")).status).toBe(400);
  });

  it("reads a body in its declared charset, and as UTF-8 when none is declared", async () => {
    seen.length = 0;
    const latin1 = Buffer.from('{"k":"v","u":"caf\u00e9"}', "latin1");
    const latin = await fetch(`${baseOf()}/api/event`, {
      method: "POST",
      body: latin1,
      headers: { Origin: SITE, "Content-Type": "text/plain;charset=ISO-8859-1" },
    });
    expect(latin.status).toBe(202);
    expect((await post('{"k":"v","u":"caf\u00e9"}', { "Content-Type": "text/plain" })).status).toBe(202);
    expect((await post('{"k":"v","u":"caf\u00e9"}', { "Content-Type": "text/plain;charset=UTF-8" })).status).toBe(202);
    expect(seen).toEqual(Array(3).fill('{"k":"v","u":"caf\u00e9"}'));
  });

  it("passes the caller's address to the use case", async () => {
    ips.length = 0;
    expect((await post('{"k":"v"}')).status).toBe(202);
    expect(ips).toEqual([expect.stringMatching(/127\.0\.0\.1$/)]);
  });
});

describe("OPTIONS /api/event", () => {
  it("answers a preflight only for a registered origin", async () => {
    const ok = await fetch(`${base}/api/event`, { method: "OPTIONS", headers: { Origin: SITE } });
    expect(ok.status).toBe(204);
    expect(ok.headers.get("access-control-allow-methods")).toBe("POST");
    expect((await fetch(`${base}/api/event`, { method: "OPTIONS", headers: { Origin: "https://evil.example" } })).status).toBe(403);
  });
});

describe("GET /t.js and the pixel", () => {
  it("serves the script compressed to a browser that accepts it", async () => {
    const res = await fetch(`${base}/t.js`, { headers: { "Accept-Encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/javascript/);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(await res.text()).toContain("sendBeacon");
  });

  it("answers the pixel with a GIF, 403 for a page on an unregistered site", async () => {
    const ok = await fetch(`${base}/api/event.gif`, { headers: { Referer: `${SITE}/post` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("image/gif");
    expect((await fetch(`${base}/api/event.gif`, { headers: { Referer: "https://evil.example/" } })).status).toBe(403);
  });
});
