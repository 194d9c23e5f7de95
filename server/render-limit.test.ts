// The render limit against a real Express server: how many page reads run at once, in what order,
// and that writes and departed clients never hold a slot.
import express from "express";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { renderLimit } from "./render-limit";

const servers: { close(): void; closeAllConnections(): void }[] = [];
afterEach(() => servers.splice(0).forEach((s) => (s.closeAllConnections(), s.close())));

async function limited(limit: number) {
  const started: string[] = [];
  const pending: (() => void)[] = [];
  let inside = 0;
  let most = 0;
  const app = express();
  const gate = renderLimit({ limit });
  app.use(gate);
  app.all("*", (req, res) => {
    started.push(`${req.method} ${req.path}`);
    most = Math.max(most, ++inside);
    pending.push(() => {
      inside--;
      res.send("ok");
    });
  });
  const server = app.listen(0);
  servers.push(server);
  await new Promise((r) => server.once("listening", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const until = async (check: () => boolean) => {
    while (!check()) await new Promise((r) => setTimeout(r, 5));
  };
  const finishAll = () => pending.splice(0).forEach((finish) => finish());
  return { base, started, gate, most: () => most, until, finishOne: () => pending.shift()!(), finishAll };
}

describe("render limit", () => {
  it("runs at most `limit` reads at once and starts the rest in arrival order", async () => {
    const s = await limited(2);
    const replies: Promise<Response>[] = [];
    for (const path of ["/a", "/b", "/c", "/d", "/e"]) {
      replies.push(fetch(s.base + path));
      await s.until(() => s.gate.stats().running + s.gate.stats().waiting === replies.length);
    }
    expect(s.gate.stats()).toEqual({ running: 2, waiting: 3 });
    while (s.started.length < 5 || s.gate.stats().running > 0) {
      await s.until(() => s.started.length > 0 && s.gate.stats().running > 0);
      s.finishOne();
      await new Promise((r) => setTimeout(r, 5));
    }
    await Promise.all(replies);
    expect(s.started).toEqual(["GET /a", "GET /b", "GET /c", "GET /d", "GET /e"]);
    expect(s.most()).toBe(2);
  });

  it("lets writes through while reads wait", async () => {
    const s = await limited(1);
    const read = fetch(s.base + "/a");
    const queued = fetch(s.base + "/b");
    await s.until(() => s.gate.stats().waiting === 1);
    const write = fetch(s.base + "/save", { method: "POST" });
    await s.until(() => s.started.includes("POST /save"));
    expect(s.started).toEqual(["GET /a", "POST /save"]);
    s.finishOne();
    s.finishOne();
    await s.until(() => s.started.length === 3);
    s.finishOne();
    await Promise.all([read, queued, write]);
  });

  it("frees the slot of a client that leaves, waiting or not", async () => {
    const s = await limited(1);
    const leaving = new AbortController();
    fetch(s.base + "/a", { signal: leaving.signal }).catch(() => {});
    await s.until(() => s.gate.stats().running === 1);
    const waiting = new AbortController();
    fetch(s.base + "/b", { signal: waiting.signal }).catch(() => {});
    await s.until(() => s.gate.stats().waiting === 1);
    waiting.abort();
    leaving.abort();
    await s.until(() => s.gate.stats().running === 0 && s.gate.stats().waiting === 0);
    const next = fetch(s.base + "/c");
    await s.until(() => s.started.includes("GET /c"));
    s.finishAll();
    expect((await next).status).toBe(200);
  });
});

describe("render limit and slow readers", () => {
  it("frees the slot when the body is written, before a slow client has read it", async () => {
    const app = express();
    const gate = renderLimit({ limit: 1 });
    app.use(gate);
    app.get("*", (_req, res) => res.type("text").send("x".repeat(8 * 1024 * 1024)));
    const server = app.listen(0);
    servers.push(server);
    await new Promise((r) => server.once("listening", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const slow = await fetch(`${base}/big`); // headers arrive; the 8 MB body is left unread
    expect(slow.status).toBe(200);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 });
    expect((await fetch(`${base}/next`)).status).toBe(200);
    await slow.body?.cancel();
  });
});

describe("heap limits (decisions 013 and 036)", () => {
  it("are the same in `npm run serve` and the container's start script, and nothing else is set", () => {
    const serve = JSON.parse(fs.readFileSync("package.json", "utf8")).scripts.serve as string;
    expect(serve).toBe("NODE_ENV=production node --max-semi-space-size=4 --max-old-space-size=160 build/server.js");
    const start = fs.readFileSync("scripts/docker-start.sh", "utf8");
    expect(start).toContain("exec node --max-semi-space-size=4 --max-old-space-size=160 build/server.js");
    expect(start).not.toMatch(/MALLOC_/);
  });
});
