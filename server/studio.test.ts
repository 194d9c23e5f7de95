// The one server process (decision 036), started in-process through its typed entry: the tracker's
// events are answered before express and stored, the app's checks still run for everything else,
// and a stop resolves only once every event it received is committed, fsynced and answered.
import type { ServerBuild } from "@remix-run/node";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { prisma } from "~/db/db.server";
import { resetRateLimits } from "~/services/tracking.server";
import { SAMPLE, freshSeed } from "../tests/route-helpers";
import { startStudio, type Studio } from "./studio";
import { studioEntry } from "./studio-entry";
import { NUL_ADDRESS_MESSAGE } from "./nul-address";
import { tooLargeReply } from "./body-limit";
import { MAX_METRICS_BODY_BYTES } from "~/domain/platform-metrics";
import { onPostgresRun } from "../tests/engine";

// Each fdatasync of the tracker's log can be held until the test lets it go (then it really runs).
const held: (() => void)[] = [];
let holding = false;
vi.mock("~/models/tracking-write.server", async (original) => {
  const real = await original<typeof import("~/models/tracking-write.server")>();
  const syncCommitted: typeof real.syncCommitted = (done) => {
    if (holding) held.push(() => real.syncCommitted(done));
    else real.syncCommitted(done);
  };
  return { ...real, syncCommitted };
});
const entry = await import("~/entry.server");

/** The Remix build as far as the server reads it here: the real entry module, no routes. */
const build = {
  mode: "production",
  entry: { module: entry },
  routes: {},
  assets: { entry: { module: "/build/entry.js", imports: [] }, routes: {}, url: "/build/manifest.js", version: "test" },
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  future: {},
  isSpaMode: false,
  basename: undefined,
} as unknown as ServerBuild;

const SITE = "https://studio-process.example";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
let studio: Studio | null = null;

beforeEach(async () => {
  await freshSeed();
  resetRateLimits();
  await prisma.trackedSite.create({ data: { origin: SITE, createdById: SAMPLE.Admin } });
  vi.stubEnv("WORKFLOW_RUNNER", "off");
  vi.stubEnv("LOG_REQUESTS", "false");
  studio = await startStudio({ build, port: 0, host: "127.0.0.1" });
});

afterEach(async () => {
  holding = false;
  held.splice(0).forEach((release) => release());
  await studio?.stop();
  studio = null;
  vi.unstubAllEnvs();
});

const pageView = (url: string, pageviewId: string) =>
  fetch(`${url}/api/event`, {
    method: "POST",
    headers: { Origin: SITE, "User-Agent": BROWSER, "Content-Type": "text/plain;charset=UTF-8" },
    body: JSON.stringify({ k: "v", u: `${SITE}/launch`, r: "", p: pageviewId }),
  });
const stored = (ids: string[]) => prisma.trackEvent.count({ where: { pageviewId: { in: ids } } });

describe("the studio's one server process", () => {
  it("answers a registered site's page view 202 and stores it; the app still refuses a cross-site post and an address holding a NUL", async () => {
    const { url } = studio!;
    expect((await pageView(url, "one-process-1")).status).toBe(202);
    expect(await stored(["one-process-1"])).toBe(1);
    const nul = await fetch(`${url}/editor?id=%00`);
    expect([nul.status, await nul.text()]).toEqual([400, NUL_ADDRESS_MESSAGE]);
    expect((await fetch(`${url}/editor?id=content-001`)).status).not.toBe(400);
    const crossSite = await fetch(`${url}/settings`, { method: "POST", headers: { Origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);
    // Meta's callbacks come from Meta's servers, checked by the app's signature (issue 36): let through.
    const fromMeta = await fetch(`${url}/networks/meta/deauthorize`, {
      method: "POST",
      headers: { Origin: "https://www.facebook.com", "Content-Type": "application/x-www-form-urlencoded" },
      body: "signed_request=x.y",
    });
    expect(fromMeta.status).not.toBe(403);
  });

  it("limits every body before any route runs: a metrics API body over its size is a 413, unread", async () => {
    const over = await fetch(`${studio!.url}/api/v1/metrics`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: " ".repeat(MAX_METRICS_BODY_BYTES + 1),
    });
    expect([over.status, await over.json()]).toEqual([413, tooLargeReply(MAX_METRICS_BODY_BYTES)]);
  });

  // SQLite's group commit (its WAL fsync); PostgreSQL's commits in groups of its own (tests/tracker-partitions-postgres.test.ts).
  it.skipIf(onPostgresRun)("resolves its stop only after every event it received is committed, fsynced and answered", async () => {
    const { url } = studio!;
    holding = true;
    const ids = ["stop-drains-1", "stop-drains-2", "stop-drains-3"];
    const answers = new Map<string, number>();
    const sent = ids.map((id) => pageView(url, id).then((res) => void answers.set(id, res.status)));
    // Committed (another connection sees them) but not yet fsynced, so none is answered.
    await vi.waitFor(async () => expect(await stored(ids)).toBe(ids.length), { timeout: 10_000 });
    expect(answers.size).toBe(0);

    const stopping = studio!.stop();
    holding = false;
    held.splice(0).forEach((release) => release());
    await stopping;
    expect(Object.fromEntries(answers)).toEqual(Object.fromEntries(ids.map((id) => [id, 202])));
    await Promise.all(sent);
    // And it takes nothing more.
    await expect(pageView(url, "after-stop")).rejects.toThrow();
  });
});

describe("studioEntry", () => {
  it("names what a build's entry module lacks instead of failing on first use", () => {
    const { drainEvents: _drain, collaborationEntry: _collab, ...partial } = entry;
    const lacking = { ...build, entry: { module: partial } } as unknown as ServerBuild;
    expect(() => studioEntry(lacking)).toThrow("lacks what the server needs: drainEvents, collaborationEntry");
    expect(studioEntry(build)).toBe(entry);
  });
});
