// Every path on which the studio sends a request to an address a person typed, walked with every
// spelling of every special-use range (generated from the guard's own ranges): each is refused with
// the reason, and a listener on this machine's loopback receives no connection at all. The list of
// paths is checked against the modules that import the outbound client, and the linter refuses a
// fetch anywhere else, so a new path cannot be left out.
import { thisWorkspace } from "~/db/workspace-keys.server";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { detectOllama } from "~/adapters/ollama.server";
import { networkFetch } from "~/adapters/networks/network-http.server";
import { postWebhook } from "~/adapters/webhook.server";
import { prisma } from "~/db/db.server";
import { action as settingsAction } from "~/routes/settings/route";
import { connectBluesky, freshAccessToken, registerMastodon } from "~/services/network-connect.server";
import { saveConnection } from "~/models/integration.server";
import { saveRegisteredApp } from "~/models/network-app.server";
import { LOOPBACK_SPELLINGS, privateSpellings } from "./private-spellings";
import { SAMPLE, cookieFor, freshSeed, post, run } from "./route-helpers";

let server: http.Server;
let port: number;
/** Connections and requests the listener saw (a kept-alive connection carries later requests). */
let connections = 0;
let admin: string;

beforeAll(async () => {
  server = http.createServer((_req, res) => res.writeHead(200, { "Content-Type": "application/json" }).end("{}"));
  server.on("connection", () => connections++);
  server.on("request", () => connections++);
  // "::" takes IPv4 and IPv6 alike: 127.0.0.1, ::1, 0.0.0.0 and :: all reach it when not refused.
  await new Promise<void>((resolve) => server.listen(0, "::", resolve));
  port = (server.address() as AddressInfo).port;
  await freshSeed();
  admin = await cookieFor(SAMPLE.Admin);
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  server.closeAllConnections();
  connections = 0;
  for (const name of ["STUDIO_ALLOW_PRIVATE_TARGETS", "OLLAMA_HOST", "AI_BASE_URL"]) delete process.env[name];
});

const messageOf = (sent: Promise<unknown>) =>
  sent.then(
    () => "sent",
    (error: Error) => error.message,
  );
const errorOf = (outcome: { ok: true } | { ok: false; error: string }) => (outcome.ok ? "sent" : outcome.error);

/** Each path, by the module that sends through the outbound client; `send` answers what the person is shown. */
const PATHS: { file: string; name: string; send: (base: string) => Promise<string>; writes?: true }[] = [
  {
    file: "app/adapters/webhook.server.ts",
    name: "a channel's webhook",
    send: (base) => messageOf(postWebhook({ name: "Website", url: `${base}/hook`, secret: null, body: "{}", deliveryKey: "k1" })),
  },
  {
    file: "app/adapters/networks/network-http.server.ts",
    name: "a network's API (posts, media, figures)",
    send: (base) => messageOf(networkFetch("Mastodon", `${base}/api/v1/statuses`, { method: "POST", token: "t" })),
  },
  {
    file: "app/services/network-connect.server.ts",
    name: "registering on a Mastodon instance",
    send: async (base) => errorOf(await registerMastodon(base, SAMPLE.Admin)),
  },
  {
    file: "app/services/network-connect.server.ts",
    name: "signing in to a Bluesky service",
    send: async (base) =>
      errorOf(await connectBluesky({ service: base, handle: "brand.bsky.social", appPassword: "abcd-efgh-ijkl-mnop" }, SAMPLE.Admin)),
  },
  {
    file: "app/services/network-connect.server.ts",
    name: "renewing a Mastodon token (OAuth)",
    send: async (base) => {
      const app = { instanceUrl: base, redirectUri: "https://studio.test/networks/callback", clientId: "c", clientSecret: "s" };
      await saveRegisteredApp("mastodon", app, SAMPLE.Admin);
      const tokens = { accessToken: "a", refreshToken: "r", expiresAt: new Date(Date.now() - 60_000), accountId: "1", handle: "@brand" };
      await saveConnection("mastodon", { ...tokens, serviceUrl: base }, SAMPLE.Admin);
      return messageOf(freshAccessToken("mastodon"));
    },
    writes: true,
  },
  {
    file: "app/adapters/chat-completions.server.ts",
    name: "Settings › AI model › Test",
    send: async (base) => {
      const row = { baseUrl: `${base}/v1`, model: "tiny", apiKey: null };
      await prisma.assistantModel.upsert({ where: thisWorkspace(), create: { ...row }, update: row });
      const tested = await run(settingsAction, post("/settings", { intent: "assistant-model-test" }, admin));
      return tested.status === 200 ? "sent" : (tested.body as { formError: string }).formError;
    },
    writes: true,
  },
  {
    file: "app/adapters/ollama.server.ts",
    name: "finding the Ollama server",
    send: async (base) => {
      const found = await detectOllama(base);
      return found.running ? "sent" : found.reason;
    },
  },
];

// A zone id makes no URL at all ("Invalid URL"): refused before anything is sent, too.
const REFUSED = /private or local address|is on a local address|is not a web address|Invalid URL/;

describe("every outbound path refuses every special-use address", () => {
  it("walks every module that imports the outbound client", () => {
    const importers: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !file.endsWith("outbound-fetch.server.ts"))
          if (/from "[^"]*outbound-fetch\.server"/.test(fs.readFileSync(file, "utf8"))) importers.push(file);
      }
    };
    walk("app");
    walk("server");
    expect(importers.sort()).toEqual([...new Set(PATHS.map((p) => p.file))].sort());
  });

  // Decision 072: the client is injected once, so no caller can hand a path an unguarded fetch.
  it("leaves no function in app/ or server/ taking a fetch as a parameter", () => {
    const takers: string[] = [];
    const parameter = /\w+\??\s*:\s*typeof (globalThis\.)?fetch\b(\s*\|\s*undefined)?(\s*=[^,)]*)?\s*[,)]/;
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !file.endsWith("outbound-fetch.server.ts"))
          if (parameter.test(fs.readFileSync(file, "utf8"))) takers.push(file);
      }
    };
    walk("app");
    walk("server");
    expect(takers).toEqual([]);
  });

  it("generates spellings of every range, the NAT64 and IPv4-mapped ones among them", () => {
    const hosts = privateSpellings().map((s) => s.host);
    expect(hosts).toEqual(expect.arrayContaining(["[64:ff9b::7f00:1]", "[::ffff:7f00:1]", "2130706433", "0x7f000001", "0177.00.00.01"]));
    expect(new Set(privateSpellings().map((s) => s.range)).size).toBe(28);
  });

  // Paths that write rows for each address take every address in its usual spelling (and every
  // spelling of this machine's own); the others, sharing the same client, take every spelling.
  it.each(PATHS.map((p) => [p.name, p] as const))("%s: refused for each, nothing sent", async (_name, { send, writes }) => {
    for (const { range, host } of privateSpellings().filter((s) => !writes || s.plain))
      expect(await send(`http://${host}:${port}`), `${host} (${range})`).toMatch(REFUSED);
    for (const host of LOOPBACK_SPELLINGS) expect(await send(`http://${host}:${port}`), host).not.toBe("sent");
    expect(connections).toBe(0);
  });

  it.each(PATHS.map((p) => [p.name, p] as const))("%s: refuses NAT64's http://[64:ff9b::7f00:1]/", async (_name, { send }) => {
    expect(await send("http://[64:ff9b::7f00:1]")).toMatch(/\[64:ff9b::7f00:1\] is a private or local address|is on a local address/);
    expect(connections).toBe(0);
  });

  it.each(PATHS.map((p) => [p.name, p] as const))(
    "%s: the same listener is reached once private targets are allowed",
    async (_name, { send }) => {
      process.env.STUDIO_ALLOW_PRIVATE_TARGETS = "1";
      await send(`http://127.0.0.1:${port}`);
      expect(connections).toBeGreaterThan(0);
    },
  );
});

describe("a port Node's fetch refuses", () => {
  it("is named as such for a Mastodon instance on port 4190, not as 'could not be reached (TypeError)'", async () => {
    process.env.STUDIO_ALLOW_PRIVATE_TARGETS = "1"; // loopback, so nothing leaves the machine even if it were sent
    expect(await registerMastodon("http://127.0.0.1:4190", SAMPLE.Admin)).toEqual({
      ok: false,
      error:
        "The instance did not register the studio: Mastodon: 127.0.0.1:4190 uses port 4190, which Node's fetch refuses to connect to (a blocked port of the fetch standard); use another port",
    });
  });
});
