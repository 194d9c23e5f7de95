// The tracker's event endpoint answers before express, yet reads the caller's address exactly as
// express's req.ip does under the same TRUST_PROXY, and a client cannot make it believe otherwise.
import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { clientAddress, trustSetting } from "./trust-proxy";

const servers: http.Server[] = [];
afterAll(() => servers.forEach((s) => s.close()));

async function listen(server: http.Server) {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The address each reading gives for one request carrying `headers`: [the event endpoint's, express's]. */
async function seen(value: string | undefined, headers: Record<string, string>) {
  const setting = trustSetting(value);
  const app = express();
  if (setting !== undefined) app.set("trust proxy", setting);
  app.get("/", (req, res) => res.send(req.ip));
  const address = clientAddress(setting);
  const plain = await listen(http.createServer((req, res) => res.end(address(req))));
  const viaExpress = await listen(http.createServer(app));
  return Promise.all([plain, viaExpress].map((base) => fetch(base, { headers }).then((r) => r.text())));
}

const SPOOFED = { "x-forwarded-for": "6.6.6.6" };

describe("the caller's address", () => {
  it("is the socket's by default: a client's own X-Forwarded-For counts for nothing", async () => {
    const [plain, viaExpress] = await seen(undefined, SPOOFED);
    expect(plain).toMatch(/127\.0\.0\.1$/);
    expect(viaExpress).toBe(plain);
  });

  it("with TRUST_PROXY=1, is the one the proxy in front of the studio appended, as express reads it", async () => {
    const forged = { "x-forwarded-for": "6.6.6.6, 198.51.100.7" };
    expect(await seen("1", forged)).toEqual(["198.51.100.7", "198.51.100.7"]);
  });

  it("with TRUST_PROXY=loopback, follows the header from a loopback peer, as express does", async () => {
    expect(await seen("loopback", SPOOFED)).toEqual(["6.6.6.6", "6.6.6.6"]);
  });
});
