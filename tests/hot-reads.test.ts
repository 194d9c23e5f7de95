// The reads that run on every page go through prepared statements on a second connection
// (decision 011). They must see every committed write at once and return what Prisma would.
import { beforeEach, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { databaseUrl, prisma } from "~/db/db.server";
import { dataVersion } from "~/db/read-db.server";
import { recordAssistantCall, usageForItem, usageTotals } from "~/models/assistant-usage.server";
import { listNotifications } from "~/models/notification.server";
import { HEARTBEAT_WRITE_EVERY_MS, markEditing } from "~/models/presence.server";
import { createSession, deleteSession, findSession } from "~/models/session.server";
import { listTeamOnline } from "~/models/user.server";
import { SAMPLE, freshSeed } from "./route-helpers";
import { onPostgresRun } from "./engine";

beforeEach(() => freshSeed());

const client = { userAgent: "vitest", ip: "127.0.0.1" };

describe("session lookup", () => {
  it("returns the member and stops at once when the session is revoked or the member removed", async () => {
    const { token, id } = await createSession(SAMPLE.Editor, client);
    const found = await findSession(token);
    expect(found?.user).toMatchObject({ id: SAMPLE.Editor, role: "Editor", status: "active" });
    expect(found?.expiresAt).toBeInstanceOf(Date);
    await deleteSession(id);
    expect(await findSession(token)).toBeNull();

    const second = await createSession(SAMPLE.Writer, client);
    await prisma.user.update({ where: { id: SAMPLE.Writer }, data: { status: "removed" } });
    expect(await findSession(second.token)).toBeNull();
  });

  it("sees a role change made through Prisma on the next lookup", async () => {
    const { token } = await createSession(SAMPLE.Writer, client);
    await prisma.membership.updateMany({ where: { userId: SAMPLE.Writer }, data: { role: "Editor" } });
    expect((await findSession(token))?.user.role).toBe("Editor");
  });

  it("refuses an expired session", async () => {
    const now = new Date();
    const { token } = await createSession(SAMPLE.Writer, client, now);
    expect(await findSession(token, new Date(now.getTime() + 31 * 86_400_000))).toBeNull();
  });

  it("touches the session when concurrent lookups come more than a minute later", async () => {
    const now = new Date();
    const { token, id } = await createSession(SAMPLE.Writer, client, now);
    const later = new Date(now.getTime() + 2 * 60_000);
    await Promise.all([findSession(token, later), findSession(token, later)]);
    const row = await prisma.session.findUniqueOrThrow({ where: { id } });
    expect(row.lastUsedAt.getTime()).toBe(later.getTime());
  });
});

describe("shell reads", () => {
  it("the online list and the bell match what Prisma reads", async () => {
    const now = new Date();
    const team = await prisma.user.findMany({
      where: { status: "active" },
      select: {
        id: true,
        name: true,
        sessions: { where: { expiresAt: { gt: now }, lastUsedAt: { gte: new Date(now.getTime() - 15 * 60_000) } } },
      },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    const online = team
      .map((u) => ({ id: u.id, name: u.name, live: u.sessions.length > 0 }))
      .sort((a, b) => Number(b.live) - Number(a.live));
    expect(await listTeamOnline(now)).toEqual(online);
    const bell = await prisma.notification.findMany({
      where: { userId: SAMPLE.Admin },
      orderBy: { createdAt: "desc" },
      take: 8,
      select: { id: true, event: true, message: true, contentId: true, createdAt: true, readAt: true },
    });
    expect(bell.length).toBeGreaterThan(0);
    expect(await listNotifications(SAMPLE.Admin)).toEqual(bell);
  });
});

describe("editor presence heartbeat", () => {
  it("a reload within the interval writes nothing; after it, the heartbeat moves", async () => {
    const item = await prisma.contentItem.findFirstOrThrow({ select: { id: true } });
    const start = new Date();
    await markEditing(item.id, SAMPLE.Writer, start);
    await markEditing(item.id, SAMPLE.Writer, new Date(start.getTime() + 1000));
    const seen = () =>
      prisma.editorPresence.findUniqueOrThrow({ where: { contentId_userId: { contentId: item.id, userId: SAMPLE.Writer } } });
    expect((await seen()).seenAt.getTime()).toBe(start.getTime());
    const later = new Date(start.getTime() + HEARTBEAT_WRITE_EVERY_MS + 1);
    await markEditing(item.id, SAMPLE.Writer, later);
    expect((await seen()).seenAt.getTime()).toBe(later.getTime());
  });
});

describe("assistant usage summary", () => {
  it("counts calls, model calls, fallbacks, estimates and tokens per item and in all", async () => {
    const [a, b] = await prisma.contentItem.findMany({ take: 2, select: { id: true } });
    const call = {
      purpose: "score",
      source: "local" as const,
      model: null,
      promptTokens: 0,
      completionTokens: 0,
      usageEstimated: false,
      durationMs: 5,
      fallbackReason: null,
    };
    await prisma.assistantCall.deleteMany();
    expect(await usageTotals()).toEqual({ calls: 0, modelCalls: 0, fallbacks: 0, promptTokens: 0, completionTokens: 0, estimated: false });
    await recordAssistantCall({ ...call, contentId: a.id, source: "model", model: "m", promptTokens: 120, completionTokens: 30 });
    await recordAssistantCall({ ...call, contentId: a.id, fallbackReason: "timeout" });
    await recordAssistantCall({
      ...call,
      contentId: b.id,
      source: "model",
      model: "m",
      promptTokens: 7,
      completionTokens: 3,
      usageEstimated: true,
    });
    expect(await usageForItem(a.id)).toEqual({
      calls: 2,
      modelCalls: 1,
      fallbacks: 1,
      promptTokens: 120,
      completionTokens: 30,
      estimated: false,
    });
    expect(await usageForItem(b.id)).toEqual({
      calls: 1,
      modelCalls: 1,
      fallbacks: 0,
      promptTokens: 7,
      completionTokens: 3,
      estimated: true,
    });
    expect(await usageTotals()).toEqual({
      calls: 3,
      modelCalls: 2,
      fallbacks: 1,
      promptTokens: 127,
      completionTokens: 33,
      estimated: true,
    });
  });
});

describe.skipIf(onPostgresRun)("data version (the page cache's validity, decision 012)", () => {
  it("moves after a write through Prisma or from another connection, and not after reads", async () => {
    const start = dataVersion();
    await listTeamOnline();
    await prisma.contentItem.count();
    expect(dataVersion()).toBe(start);

    await prisma.user.update({ where: { id: SAMPLE.Writer }, data: { title: "Senior Writer" } });
    const afterPrisma = dataVersion();
    expect(afterPrisma).not.toBe(start);

    const other = new Database(databaseUrl().replace(/^file:/, ""));
    other.prepare("UPDATE User SET title = 'Writer' WHERE id = ?").run(SAMPLE.Writer);
    other.close();
    expect(dataVersion()).not.toBe(afterPrisma);
  });
});
