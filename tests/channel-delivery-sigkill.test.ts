// A delivery process killed with SIGKILL while its webhook calls are in flight: after the lease runs
// out another process delivers the rest, every post ends published once, and a receiver that drops
// repeated delivery keys has exactly one post per channel.
import { idInWorkspace } from "~/db/workspace-keys.server";
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { deliverDueChannelPosts } from "~/services/channel-delivery.server";
import { createVariants } from "~/services/channel-posts.server";
import { transitionContent } from "~/services/content-lifecycle.server";
import { SAMPLE, freshSeed } from "./route-helpers";

// Long enough that the killed process still holds its leases however slow the machine is.
const LEASE_MS = 30_000;
let child: ChildProcess | null = null;

afterEach(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
});

it("delivers each channel post once after its delivery process is killed mid-publish", { timeout: 60_000 }, async () => {
  // The receiver answers the first two calls and holds the next two open (mid-flight when the process dies).
  const calls: { channel: string; key: string }[] = [];
  let heldTwo!: () => void;
  const held = new Promise<void>((resolve) => (heldTwo = resolve));
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      calls.push({ channel: JSON.parse(raw).channel, key: String(req.headers["x-studio-delivery"]) });
      if (calls.length === 3 || calls.length === 4) {
        if (calls.length === 4) heldTwo();
        return; // never answered
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.STUDIO_ALLOW_PRIVATE_TARGETS = "1"; // the receiver is on loopback
  try {
    await freshSeed();
    for (const id of ["twitter", "linkedin", "facebook", "instagram"])
      await prisma.integration.update({ where: idInWorkspace(id), data: { connected: true, handle: id, webhookUrl: `${base}/${id}` } });
    const editor = { id: SAMPLE.Editor, role: "Editor", name: "Marcus Rivera" };
    const item = await prisma.contentItem.create({
      data: { title: "Killed mid-publish", type: "blog", status: "review", authorId: SAMPLE.Editor, body: "One. Two. Three." },
    });
    await createVariants(item.id, editor);
    await transitionContent(item.id, "approve", editor, new Date(), { override: true });

    child = spawn(process.execPath, ["--import", "tsx", "scripts/deliver-channel-posts.ts"], {
      env: { ...process.env, CHANNEL_LEASE_MS: String(LEASE_MS) },
      stdio: "ignore",
    });
    await held;
    // Kill it once it has recorded the two answered ones (so both cases happen: done, and in flight).
    const sentWebhook = () => prisma.channelPost.count({ where: { contentId: item.id, status: "published", channel: { not: "website" } } });
    while ((await sentWebhook()) < 2) await new Promise((r) => setTimeout(r, 20));
    child.kill("SIGKILL");
    await new Promise((resolve) => child!.once("exit", resolve));
    // Whatever the killed process finished is recorded; the two in flight are still leased.
    const doneBeforeKill = await prisma.channelPost.findMany({
      where: { contentId: item.id, status: "published" },
      select: { channel: true },
    });
    const inFlight = await prisma.channelPost.findMany({
      where: { contentId: item.id, status: "publishing", leaseUntil: { not: null } },
      select: { leaseUntil: true },
    });
    expect(inFlight.length).toBeGreaterThanOrEqual(2);
    const leaseEnds = inFlight.map((p) => p.leaseUntil!.getTime());

    // Nothing is taken over before the lease ends; then this process delivers what is left. Both are
    // judged at a moment named here, so a slow machine cannot let the lease run out before the first.
    await deliverDueChannelPosts(new Date(Math.min(...leaseEnds) - 1));
    expect(await prisma.channelPost.count({ where: { contentId: item.id, status: "published" } })).toBeLessThan(4);
    await deliverDueChannelPosts(new Date(Math.max(...leaseEnds) + 1));

    const posts = await prisma.channelPost.findMany({ where: { contentId: item.id } });
    // The website has no receiver here: it waits to be posted by hand; the four webhooks took theirs.
    expect(posts.filter((p) => p.channel !== "website").map((p) => p.status)).toEqual(Array(4).fill("published"));
    expect(posts.find((p) => p.channel === "website")?.status).toBe("manual");
    // Each channel was called with one key only; the two interrupted ones twice with the same key.
    const keysByChannel = new Map<string, Set<string>>();
    for (const c of calls) keysByChannel.set(c.channel, (keysByChannel.get(c.channel) ?? new Set()).add(c.key));
    expect([...keysByChannel.keys()].sort()).toEqual(["facebook", "instagram", "linkedin", "twitter"]);
    for (const [channel, keys] of keysByChannel) expect([...keys]).toEqual([posts.find((p) => p.channel === channel)!.deliveryKey]);
    // A post the killed process had recorded is never sent again; an interrupted one is repeated with its key.
    expect(doneBeforeKill.filter((c) => c.channel !== "website").length).toBe(2);
    for (const { channel } of doneBeforeKill.filter((c) => c.channel !== "website"))
      expect(calls.filter((c) => c.channel === channel)).toHaveLength(1);
    expect(calls.length).toBe(6);
    const deliveries = await prisma.publishDelivery.findMany({ where: { contentId: item.id } });
    expect(deliveries.map((d) => d.integrationId).sort()).toEqual(["facebook", "instagram", "linkedin", "twitter", "website"]);
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});
