// What a person is shown when a request cannot be made names the cause they can act on: a port
// Node's fetch refuses, a TLS certificate, a refused connection. Everything here is on loopback.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NetworkError, networkFetch } from "~/adapters/networks/network-http.server";
import { chatComplete } from "~/adapters/chat-completions.server";
import { postWebhook } from "~/adapters/webhook.server";

let tlsServer: https.Server;
let tlsPort: number;

beforeAll(async () => {
  // A certificate no authority signed: what a misconfigured server presents.
  const dir = fs.mkdtempSync(path.join("tests/.tmp", "tls-"));
  const [key, cert] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"].concat([
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
    ]),
    { stdio: "ignore" },
  );
  tlsServer = https.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) }, (_req, res) => res.end("{}"));
  await new Promise<void>((resolve) => tlsServer.listen(0, "127.0.0.1", resolve));
  tlsPort = (tlsServer.address() as AddressInfo).port;
});
afterAll(async () => {
  tlsServer.closeAllConnections();
  await new Promise((resolve) => tlsServer.close(resolve));
});
beforeEach(() => void (process.env.STUDIO_ALLOW_PRIVATE_TARGETS = "1")); // loopback targets, on purpose

const hook = (url: string) => ({ name: "Website", url, secret: null, body: "{}", deliveryKey: "k1" });

describe("outbound errors name the cause", () => {
  it("a port Node's fetch refuses (4190): a webhook is rejected with that reason, not retried", async () => {
    const error = await postWebhook(hook("http://127.0.0.1:4190/hook")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).failure).toEqual({
      kind: "rejected",
      message:
        "Website webhook: 127.0.0.1:4190 uses port 4190, which Node's fetch refuses to connect to (a blocked port of the fetch standard); use another port",
    });
  });

  it("a TLS certificate the studio does not accept, for a network and for the model", async () => {
    const network = await networkFetch("Mastodon", `https://127.0.0.1:${tlsPort}/api/v1/instance`, { token: null }).catch(
      (e: unknown) => e,
    );
    expect((network as NetworkError).failure).toEqual({
      kind: "temporary",
      message: "Mastodon could not be reached (its TLS certificate is not accepted, DEPTH_ZERO_SELF_SIGNED_CERT)",
    });
    const model = await chatComplete(
      { baseUrl: `https://127.0.0.1:${tlsPort}/v1`, model: "m", retries: 0 },
      [{ role: "user", content: "hi" }],
      {
        temperature: 0,
      },
    ).catch((e: Error) => e.message);
    expect(model).toBe(`The model server at 127.0.0.1:${tlsPort}: its TLS certificate is not accepted, DEPTH_ZERO_SELF_SIGNED_CERT.`);
  });

  it("a refused connection, by its code", async () => {
    const gone = https.createServer();
    await new Promise<void>((resolve) => gone.listen(0, "127.0.0.1", resolve));
    const { port } = gone.address() as AddressInfo;
    await new Promise((resolve) => gone.close(resolve));
    const error = await postWebhook(hook(`http://127.0.0.1:${port}/hook`)).catch((e: Error) => e.message);
    expect(error).toBe(`Website webhook at 127.0.0.1:${port} could not be reached (ECONNREFUSED)`);
  });
});
