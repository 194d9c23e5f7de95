// The pure parts of the Mastodon and Bluesky adapters (decision 045): Bluesky's facets in UTF-8
// bytes and its record keys, the networks' rate-limit reset headers, and the refusal of typed
// addresses that resolve to private ranges.
import { describe, expect, it } from "vitest";
import { withOutbound } from "~/adapters/outbound-fetch.server";
import { blueskyAdapter, facetsOf, jwtExpiry, recordKeyFor } from "~/adapters/networks/bluesky.server";
import { resetEpochSeconds } from "~/adapters/networks/network-http.server";
import { checkTargetAddress, isPrivateAddress } from "~/adapters/networks/target-address.server";

describe("Bluesky facets", () => {
  it("marks links and hashtags by their UTF-8 byte range, after accents and emoji", () => {
    const text = "Café 🚀 read https://studio.test/l/abc. #Planning and #2026 #ok";
    const facets = facetsOf(text);
    const bytes = Buffer.from(text);
    const slices = facets.map((f) => bytes.subarray(f.index.byteStart, f.index.byteEnd).toString());
    expect(slices).toEqual(["https://studio.test/l/abc", "#Planning", "#ok"]);
    expect(facets[0].features).toEqual([{ $type: "app.bsky.richtext.facet#link", uri: "https://studio.test/l/abc" }]);
    expect(facets[1].features).toEqual([{ $type: "app.bsky.richtext.facet#tag", tag: "Planning" }]);
    expect(facets[0].index.byteStart).toBe(Buffer.byteLength("Café 🚀 read "));
  });
});

describe("Bluesky record keys", () => {
  it("are valid TIDs, the same on every try of one delivery and different for another", () => {
    const at = new Date("2026-11-27T09:00:00Z");
    const key = recordKeyFor("cp_1_abc", at);
    expect(key).toMatch(/^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/);
    expect(recordKeyFor("cp_1_abc", at)).toBe(key);
    expect(recordKeyFor("cp_2_def", at)).not.toBe(key);
    // Later posts sort after earlier ones, as TIDs do.
    expect(recordKeyFor("cp_1_abc", new Date(at.getTime() + 1000)) > key).toBe(true);
  });

  it("refuses an image over 1 MB before sending anything", async () => {
    const nothingSent = (() => Promise.reject(new Error("nothing may be sent"))) as typeof fetch;
    const post = withOutbound(nothingSent, () =>
      blueskyAdapter.post(
        "token",
        { id: "did:plc:x", handle: "@a.test", service: "https://pds.test" },
        {
          text: "Hi",
          image: { bytes: Buffer.alloc(1_200_000), mime: "image/png", alt: "" },
          imageUrl: null,
          idempotencyKey: "k",
          queuedAt: new Date(),
          container: { id: null, keep: async () => undefined },
        },
      ),
    );
    await expect(post).rejects.toMatchObject({
      failure: { kind: "rejected", message: "Bluesky takes images up to 1 MB; this one is 1.2 MB" },
    });
  });

  it("reads a session token's end from its exp claim", () => {
    const jwt = `e30.${Buffer.from(JSON.stringify({ exp: 1_800_000_000 })).toString("base64url")}.sig`;
    expect(jwtExpiry(jwt)).toEqual(new Date(1_800_000_000_000));
    expect(jwtExpiry("not-a-jwt")).toBeNull();
  });
});

describe("rate-limit resets", () => {
  const now = new Date("2026-11-27T09:00:00Z");
  it("reads X's epoch seconds, Mastodon's ISO time and Bluesky's ratelimit-reset", () => {
    expect(resetEpochSeconds(new Headers({ "x-rate-limit-reset": "1796288400" }), now)).toBe(1796288400);
    expect(resetEpochSeconds(new Headers({ "X-RateLimit-Reset": "2026-11-27T09:05:00.000Z" }), now)).toBe(now.getTime() / 1000 + 300);
    expect(resetEpochSeconds(new Headers({ "ratelimit-reset": "1796288460" }), now)).toBe(1796288460);
    expect(resetEpochSeconds(new Headers({ "ratelimit-reset": "30" }), now)).toBe(now.getTime() / 1000 + 30);
    expect(resetEpochSeconds(new Headers(), now)).toBeNull();
  });
});

describe("typed addresses", () => {
  const resolvesTo = (address: string) => async () => [{ address, family: address.includes(":") ? 6 : 4 }];

  it("knows the private, loopback, link-local and unique-local ranges", () => {
    for (const a of [
      "127.0.0.1",
      "10.0.0.8",
      "172.20.1.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "::1",
      "fd00::1",
      "fe80::1",
      "::ffff:10.0.0.1",
      "0.0.0.0",
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ["94.130.12.4", "2a01:4f8::1", "8.8.8.8"]) expect(isPrivateAddress(a), a).toBe(false);
  });

  it("refuses a host name that resolves to a private address, and takes a public one as its https origin", async () => {
    delete process.env.STUDIO_ALLOW_PRIVATE_TARGETS;
    expect(await checkTargetAddress("intranet.example", resolvesTo("10.0.0.5"))).toEqual({
      ok: false,
      error: "intranet.example is a private or local address; the studio does not connect to those.",
    });
    expect(await checkTargetAddress("metadata.example", resolvesTo("169.254.169.254"))).toMatchObject({ ok: false });
    expect(await checkTargetAddress("mastodon.example/", resolvesTo("94.130.12.4"))).toEqual({ ok: true, url: "https://mastodon.example" });
    expect(await checkTargetAddress("http://mastodon.example", resolvesTo("94.130.12.4"))).toMatchObject({ ok: false });
    expect(await checkTargetAddress("https://user:pw@mastodon.example", resolvesTo("94.130.12.4"))).toMatchObject({ ok: false });
  });

  it("lets tests and LAN installs through with STUDIO_ALLOW_PRIVATE_TARGETS=1", async () => {
    process.env.STUDIO_ALLOW_PRIVATE_TARGETS = "1";
    try {
      expect(await checkTargetAddress("http://127.0.0.1:4340", resolvesTo("127.0.0.1"))).toEqual({
        ok: true,
        url: "http://127.0.0.1:4340",
      });
    } finally {
      delete process.env.STUDIO_ALLOW_PRIVATE_TARGETS;
    }
  });
});
