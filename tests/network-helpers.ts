// What the native-network tests share: following a consent page back to the callback, a published
// item with its channel posts (and an image), and the database files' bytes for the at-rest checks.
import fs from "node:fs";
import { expect } from "vitest";
import { prisma } from "~/db/db.server";
import { databaseUrl } from "~/db/db-settings.server";
import { loader as callback } from "~/routes/settings_.networks.callback";
import { action as settings } from "~/routes/settings/route";
import { createVariants } from "~/services/channel-posts.server";
import { transitionContent } from "~/services/content-lifecycle.server";
import { storeImage } from "~/services/uploads.server";
import { SAMPLE, get, post, run } from "./route-helpers";

/** Presses Connect, lets the fake approve, and follows the network back to the callback. */
export async function followConsent(network: string, cookie: string, callbackCookie = cookie, extra: Record<string, string> = {}) {
  const started = await run(settings, post("/settings", { intent: "network-connect", platform: network, ...extra }, cookie));
  expect(started.status).toBe(302);
  const dialog = new URL(started.headers.get("Location")!);
  const consent = await fetch(dialog, { redirect: "manual" });
  const back = new URL(consent.headers.get("Location")!);
  return { dialog, outcome: await run(callback, get(`${back.pathname}${back.search}`, callbackCookie)) };
}

/** An item published now, its channel posts made for every connected channel, each with the image (if any). */
export async function publishedItem(image: Buffer | null = null, body = "A calendar turns intentions into posts. It shows gaps early.") {
  const item = await prisma.contentItem.create({
    data: {
      title: "Plan a month of posts",
      type: "blog",
      status: "review",
      authorId: SAMPLE.Writer,
      body,
    },
  });
  const editor = { id: SAMPLE.Editor, role: "Editor", name: "Marcus Rivera" };
  expect(await createVariants(item.id, editor)).toMatchObject({ ok: true });
  const stored = image
    ? await storeImage(new File([new Uint8Array(image)], "picture", { type: "application/octet-stream" }), {
        alt: "A dot",
        contentId: item.id,
        userId: SAMPLE.Writer,
      })
    : null;
  if (stored && !stored.ok) throw new Error(stored.error);
  await prisma.channelPost.updateMany({ where: { contentId: item.id }, data: { imageUrl: stored?.url ?? null } });
  expect(await transitionContent(item.id, "approve", editor, new Date(), { override: true })).toMatchObject({ ok: true });
  return item;
}

export const postOf = (contentId: string, channel: string) => prisma.channelPost.findFirstOrThrow({ where: { contentId, channel } });

/** The SQLite database files as they are on disk (after a checkpoint), to look for secrets in clear. */
export async function databaseBytes() {
  await prisma.$executeRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)").catch(() => undefined);
  const file = databaseUrl().replace(/^file:/, "");
  return Buffer.concat([file, `${file}-wal`].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f)));
}
