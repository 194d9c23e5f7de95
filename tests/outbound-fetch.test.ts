// Addresses an Admin typed are checked again at delivery, where each connection goes: a webhook saved
// while its name pointed outside that now resolves to loopback (or is written as a loopback IP) is
// refused without a request reaching it, and the post fails with the reason instead of retrying.
// The networks' bases the operator set stay trusted. Tests reach the client only through withOutbound.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { NetworkError } from "~/adapters/networks/network-http.server";
import { guardedFetch, modelFetch, outboundFetch, withOutbound } from "~/adapters/outbound-fetch.server";
import { postWebhook } from "~/adapters/webhook.server";

let server: http.Server;
let port: number;
let hits: string[];

beforeEach(async () => {
  hits = [];
  server = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    if (req.url === "/moved") return void res.writeHead(302, { Location: `http://127.0.0.1:${port}/inside` }).end();
    res.writeHead(200, { "Content-Type": "application/json" }).end('{"id":"7"}');
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
  delete process.env.STUDIO_ALLOW_PRIVATE_TARGETS;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const hook = (host: string, path = "/hook") => ({
  name: "Website",
  url: `http://${host}:${port}${path}`,
  secret: null,
  body: "{}",
  deliveryKey: "k1",
});

describe("deliveries to typed addresses", () => {
  it.each(["localhost", "127.0.0.1", "[::ffff:127.0.0.1]"])("refuses a webhook at %s as rejected, sending nothing", async (host) => {
    const error = await postWebhook(hook(host)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).failure).toEqual({
      kind: "rejected",
      message: expect.stringContaining("is a private or local address; the studio does not connect to those"),
    });
    expect(hits).toEqual([]);
  });

  it("reaches the same receiver once private targets are allowed (tests, LAN installs)", async () => {
    process.env.STUDIO_ALLOW_PRIVATE_TARGETS = "1";
    expect(await postWebhook(hook("localhost"))).toEqual({ status: 200, posted: { id: "7", url: null } });
    expect(hits).toEqual(["/hook"]);
  });

  it("checks each connection's resolved address, and does not follow a redirect", async () => {
    // A check that lets loopback through stands in for a public address; the lookup itself is real.
    const open = guardedFetch(() => false);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(16)], { type: "image/png" }), "a.png");
    expect((await open(`http://localhost:${port}/upload`, { method: "POST", body: form })).status).toBe(200);
    expect((await open(`http://localhost:${port}/moved`)).status).toBe(302);
    expect(hits).toEqual(["/upload", "/moved"]);
    const refused = await guardedFetch()(`http://localhost:${port}/x`).catch((e: unknown) => e);
    expect(String((refused as Error).cause)).toContain("localhost is a private or local address");
    expect(hits).toHaveLength(2);
  });

  it("trusts the networks' bases the operator set", async () => {
    process.env.NETWORK_X_API_URL = `http://127.0.0.1:${port}`;
    try {
      expect((await outboundFetch(`http://127.0.0.1:${port}/2/tweets`)).status).toBe(200);
    } finally {
      delete process.env.NETWORK_X_API_URL;
    }
    expect(hits).toEqual(["/2/tweets"]);
  });
});

describe("the one place a test swaps the client (decision 072)", () => {
  const fakeSaying = (id: string, seen: string[]): typeof fetch => {
    return async (input) => {
      seen.push(String(input));
      return Response.json({ id });
    };
  };

  it("sends what runs inside withOutbound to the fake, and only that", async () => {
    const seen: string[] = [];
    const answer = await withOutbound(fakeSaying("fake", seen), () => postWebhook(hook("localhost")));
    expect(answer.posted).toEqual({ id: "fake", url: null });
    expect(seen).toEqual([`http://localhost:${port}/hook`]);
    // Outside the scope the guarded client is back: loopback is refused, nothing reaches the listener.
    await expect(postWebhook(hook("localhost"))).rejects.toBeInstanceOf(NetworkError);
    expect(hits).toEqual([]);
  });

  it("keeps two scopes running at once apart, the model's client included", async () => {
    const first: string[] = [];
    const second: string[] = [];
    const slow = async () => {
      await new Promise((r) => setTimeout(r, 20));
      return modelFetch(true)(`http://127.0.0.1:${port}/v1/models`);
    };
    await Promise.all([
      withOutbound(fakeSaying("1", first), () => slow()),
      withOutbound(fakeSaying("2", second), () => postWebhook(hook("localhost", "/second"))),
    ]);
    expect(first).toEqual([`http://127.0.0.1:${port}/v1/models`]);
    expect(second).toEqual([`http://localhost:${port}/second`]);
    expect(hits).toEqual([]);
  });

  it("is refused in production, where every request goes through the guard", async () => {
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      expect(() => withOutbound(fakeSaying("x", []), () => postWebhook(hook("localhost")))).toThrow(/test seam/);
    } finally {
      process.env.NODE_ENV = before;
    }
    expect(hits).toEqual([]);
  });
});
