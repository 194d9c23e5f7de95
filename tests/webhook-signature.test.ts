// Webhook signatures carry their time: `t=<unix seconds>,v1=<HMAC-SHA256 of "<t>.<body>">`. The
// exported verifier (what the user guide tells a receiver to do) accepts what the studio sends and
// refuses a stale, tampered or foreign request.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { postWebhook } from "~/adapters/webhook.server";
import { SIGNATURE_TOLERANCE_S, signBody, verifySignature } from "~/adapters/webhook-signature.server";
import { startWebhookReceiver, type WebhookReceiver } from "./webhook-receiver";

const BODY = JSON.stringify({ event: "channel_post.published", text: "Hello" });
const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);

describe("the signature a webhook carries", () => {
  it("is t=<seconds>,v1=<hex> and verifies with the same secret and body", () => {
    const header = signBody(BODY, "s3cret", NOW);
    expect(header).toMatch(new RegExp(`^t=${NOW / 1000},v1=[0-9a-f]{64}$`));
    expect(verifySignature(header, BODY, "s3cret", NOW + 10_000)).toEqual({ ok: true });
  });

  it("refuses one older (or newer) than five minutes", () => {
    const header = signBody(BODY, "s3cret", NOW);
    expect(verifySignature(header, BODY, "s3cret", NOW + SIGNATURE_TOLERANCE_S * 1000)).toEqual({ ok: true });
    expect(verifySignature(header, BODY, "s3cret", NOW + SIGNATURE_TOLERANCE_S * 1000 + 1000)).toEqual({ ok: false, reason: "stale" });
    expect(verifySignature(header, BODY, "s3cret", NOW - SIGNATURE_TOLERANCE_S * 1000 - 1000)).toEqual({ ok: false, reason: "stale" });
  });

  it("refuses a tampered body, a moved timestamp, another secret and a malformed or missing header", () => {
    const header = signBody(BODY, "s3cret", NOW);
    expect(verifySignature(header, BODY.replace("Hello", "Hullo"), "s3cret", NOW)).toEqual({ ok: false, reason: "mismatch" });
    const moved = header.replace(`t=${NOW / 1000}`, `t=${NOW / 1000 + 60}`);
    expect(verifySignature(moved, BODY, "s3cret", NOW)).toEqual({ ok: false, reason: "mismatch" });
    expect(verifySignature(header, BODY, "other", NOW)).toEqual({ ok: false, reason: "mismatch" });
    expect(verifySignature("sha256=" + "a".repeat(64), BODY, "s3cret", NOW)).toEqual({ ok: false, reason: "malformed" });
    expect(verifySignature(undefined, BODY, "s3cret", NOW)).toEqual({ ok: false, reason: "missing" });
  });
});

describe("a delivery to a receiver that checks", () => {
  let hook: WebhookReceiver;
  beforeEach(async () => (hook = await startWebhookReceiver({ secret: "s3cret" })));
  afterEach(() => hook.close());

  it("is accepted with the right secret and refused (401, not recorded) with another", async () => {
    const send = (secret: string) =>
      postWebhook({ name: "X", url: `${hook.base}/twitter`, secret, body: BODY, deliveryKey: `k-${secret}` });
    await expect(send("s3cret")).resolves.toMatchObject({ status: 200 });
    await expect(send("wrong")).rejects.toThrow("X webhook answered HTTP 401");
    expect(hook.received.map((r) => r.key)).toEqual(["k-s3cret"]);
    expect(hook.refused).toEqual(["mismatch"]);
  });
});
