// A webhook receiver on loopback for delivery tests: records each JSON payload with its path and
// delivery key, and answers 500 for the paths a test marks as failing. Given the channels' shared
// secret, it refuses (401, unrecorded) a request whose signature does not verify, as a receiver should.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { verifySignature } from "~/adapters/webhook-signature.server";
import type { ChannelPayload } from "~/services/channel-delivery.server";

export interface WebhookReceiver {
  /** http://127.0.0.1:<port>; a channel's webhook is `${base}/<channel>`. */
  base: string;
  received: { path: string; key: string; body: ChannelPayload }[];
  failing: Set<string>;
  /** Requests refused for their signature, with the verifier's reason. */
  refused: string[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(options: { secret?: string } = {}): Promise<WebhookReceiver> {
  const received: WebhookReceiver["received"] = [];
  const refused: string[] = [];
  const failing = new Set<string>();
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const path = req.url ?? "";
      if (failing.has(path)) return void res.writeHead(500).end();
      if (options.secret) {
        const check = verifySignature(req.headers["x-studio-signature"] as string | undefined, raw, options.secret);
        if (!check.ok) return void (refused.push(check.reason), res.writeHead(401).end());
      }
      received.push({ path, key: String(req.headers["x-studio-delivery"]), body: JSON.parse(raw) });
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  // The receiver is on loopback, which deliveries reach only with this set (as on a LAN install).
  process.env.STUDIO_ALLOW_PRIVATE_TARGETS = "1";
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    refused,
    failing,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
