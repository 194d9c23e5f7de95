// Settings › Integrations: a connected platform's webhook URL changes without disconnecting. A plain
// form post; a bad or private address is refused beside the field; one audit row; the secret, the
// account and the channel's posts stay.
import { idInWorkspace } from "~/db/workspace-keys.server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { action as settings } from "~/routes/settings/route";
import { databaseDigest } from "./db-snapshot";
import { SAMPLE, cookieFor, freshSeed, post, run } from "./route-helpers";

const OLD = "https://100.128.0.7/hooks/facebook-old";
const NEW = "https://100.128.0.20/hooks/facebook-new?token=kept-private";

beforeEach(async () => {
  await freshSeed();
  delete process.env.STUDIO_ALLOW_PRIVATE_TARGETS;
  await prisma.integration.update({
    where: idInWorkspace("facebook"),
    data: { connected: true, handle: "@brand", webhookUrl: OLD, webhookSecret: "whsec-kept", connectedById: SAMPLE.Admin },
  });
});
afterEach(() => void delete process.env.STUDIO_ALLOW_PRIVATE_TARGETS);

type Reply = { ok: boolean; fieldErrors: Record<string, string> };
const send = async (fields: Record<string, string>, userId: string = SAMPLE.Admin) => {
  const { status, body } = await run(settings, post("/settings", fields, await cookieFor(userId)));
  return { status, reply: body as Reply };
};
const change = (fields: Record<string, string>, userId?: string) =>
  send({ intent: "webhook-url", platform: "facebook", ...fields }, userId);
const facebook = () => prisma.integration.findUniqueOrThrow({ where: idInWorkspace("facebook") });

describe("changing a webhook's URL", () => {
  it("keeps the connection, the secret and the channel's posts, and writes one audit row without the full URL", async () => {
    const item = await prisma.contentItem.create({ data: { title: "Kept", type: "blog", status: "draft", authorId: SAMPLE.Writer } });
    const posted = await prisma.channelPost.create({
      data: { contentId: item.id, channel: "facebook", text: "Still here.", status: "scheduled", createdById: SAMPLE.Admin },
    });
    const before = await facebook();
    const { status, reply } = await change({ webhookUrl: NEW });
    expect(status).toBe(200);
    expect(reply).toMatchObject({ ok: true, intent: "webhook-url", target: "facebook" });
    expect(await facebook()).toEqual({ ...before, webhookUrl: NEW });
    expect(await prisma.channelPost.findUniqueOrThrow({ where: { id: posted.id } })).toEqual(posted);
    const audits = await prisma.auditEntry.findMany({ where: { action: "integration.webhook-changed" } });
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ objectId: "facebook", actorId: SAMPLE.Admin });
    expect(JSON.stringify(audits[0])).toContain("100.128.0.20");
    expect(JSON.stringify(audits[0])).not.toContain("kept-private");
  });

  it.each([
    ["not a url", /full URL/],
    ["ftp://100.128.0.7/x", /http or https/],
    ["", /Enter the new webhook URL/],
    ["http://127.0.0.1:9/hook", /private or local address/],
    ["http://[::1]/hook", /private or local address/],
    ["https://10.1.2.3/hook", /private or local address/],
    ["https://192.168.1.20/hook", /private or local address/],
    ["https://user:pw@100.128.0.7/hook", /user name and password/],
  ])("refuses %j with 400 beside the field, changing nothing", async (webhookUrl, message) => {
    const before = await databaseDigest();
    const { status, reply } = await change({ webhookUrl });
    expect(status).toBe(400);
    expect(reply.fieldErrors.webhookUrl).toMatch(message);
    expect(await databaseDigest()).toEqual(before);
  });

  it("refuses an Editor (403), a platform not connected (409) and one posting through its own connection (409)", async () => {
    expect((await change({ webhookUrl: NEW }, SAMPLE.Editor)).status).toBe(403);
    await prisma.integration.update({ where: idInWorkspace("instagram"), data: { connected: false } });
    expect((await change({ platform: "instagram", webhookUrl: NEW })).status).toBe(409);
    await prisma.integration.update({ where: idInWorkspace("facebook"), data: { accessTokenEnc: "v1:sealed" } });
    expect((await change({ webhookUrl: NEW })).status).toBe(409);
    expect((await facebook()).webhookUrl).toBe(OLD);
  });

  it("holds a new connection's webhook to the same rule", async () => {
    await prisma.integration.update({ where: idInWorkspace("instagram"), data: { connected: false } });
    const { status, reply } = await send({
      intent: "connect",
      platform: "instagram",
      handle: "@brand",
      webhookUrl: "http://localhost:8080/x",
    });
    expect(status).toBe(400);
    expect(reply.fieldErrors.webhookUrl).toMatch(/private or local address/);
    expect((await prisma.integration.findUniqueOrThrow({ where: idInWorkspace("instagram") })).connected).toBe(false);
  });
});
