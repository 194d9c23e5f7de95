// Issue 36: Meta's Deauthorize and Data deletion callbacks. A signed_request made with the saved Meta
// app's secret marks the person's Facebook and Instagram connections "Needs reconnecting" and tells the
// Admins (as a revoked token does); data deletion also removes their tokens and answers a code whose
// status page needs no sign-in. A bad signature or algorithm changes nothing (400); no app is 404.
import { idInWorkspace } from "~/db/workspace-keys.server";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  META_DATA_DELETION_PATH,
  META_DEAUTHORIZE_PATH,
  THREADS_DELETE_PATH,
  THREADS_UNINSTALL_PATH,
} from "~/domain/channels/network-callbacks";
import { prisma } from "~/db/db.server";
import { reconnectReasons, saveConnection } from "~/models/integration.server";
import { saveAccountChoice, saveNetworkApp } from "~/models/network-app.server";
import { action as dataDeletion } from "~/routes/networks.meta.data-deletion";
import { action as deauthorize } from "~/routes/networks.meta.deauthorize";
import { action as threadsDelete } from "~/routes/networks.threads.delete";
import { action as threadsUninstall } from "~/routes/networks.threads.uninstall";
import { loader as deletionPage } from "~/routes/networks.meta.deletion.$code";
import { action as settings } from "~/routes/settings/route";
import { DEAUTHORIZED_REASON, THREADS_APP } from "~/services/meta-callbacks.server";
import { SIGNED_CALLBACK_PATHS } from "../server/same-origin";
import { databaseDigest } from "./db-snapshot";
import { startFakeMeta, useFakeMeta, type FakeMeta } from "./fake-meta";
import { b64, fromMeta, signedRequest } from "./meta-signed";
import { followConsent } from "./network-helpers";
import { SAMPLE, cookieFor, freshSeed, get, post, run } from "./route-helpers";

const SECRET = "meta-secret-36-deauth";
const PERSON = "10223344556677";
const OTHER = "99887766554433";

const signed = (payload: Record<string, unknown>, secret = SECRET) => signedRequest(payload, secret);
const request = (userId = PERSON, extra: Record<string, unknown> = {}) =>
  signed({ algorithm: "HMAC-SHA256", user_id: userId, issued_at: Math.floor(Date.now() / 1000), ...extra });

async function saveApp() {
  await saveNetworkApp("facebook", { clientId: "1234567890", clientSecret: SECRET }, SAMPLE.Admin);
}

/** Facebook connected by PERSON, Instagram by someone else. */
async function connectBoth() {
  const base = { refreshToken: null, expiresAt: null };
  await saveConnection(
    "facebook",
    { ...base, accessToken: "page-token-fb-36", accountId: "101", handle: "Bright Path Coffee", networkUserId: PERSON },
    SAMPLE.Admin,
  );
  await saveConnection(
    "instagram",
    { ...base, accessToken: "ig-token-36", accountId: "1784", handle: "brightpath", networkUserId: OTHER },
    SAMPLE.Admin,
  );
}

const integration = (id: string) => prisma.integration.findUniqueOrThrow({ where: idInWorkspace(id) });
const adminNotices = () =>
  prisma.notification.findMany({
    where: { userId: SAMPLE.Admin, event: "publishing_problem", message: { contains: DEAUTHORIZED_REASON } },
  });

beforeEach(async () => {
  await freshSeed();
});

describe("Meta's deauthorize callback", () => {
  it("marks the person's connection Needs reconnecting, holds its posts and tells the Admins, once", async () => {
    await saveApp();
    await connectBoth();
    const outcome = await run(deauthorize, fromMeta(META_DEAUTHORIZE_PATH, { signed_request: request() }));
    expect(outcome.status).toBe(200);
    expect(await integration("facebook")).toMatchObject({ connected: true, reconnectReason: DEAUTHORIZED_REASON });
    // Someone else's connection is not touched.
    expect(await integration("instagram")).toMatchObject({ reconnectReason: null });
    expect((await reconnectReasons()).get("facebook")).toContain(DEAUTHORIZED_REASON);
    const notices = await adminNotices();
    expect(notices).toHaveLength(1);
    expect(notices[0].message).toBe(
      `Facebook needs reconnecting: ${DEAUTHORIZED_REASON}. Its posts wait until an Admin connects it again.`,
    );
    expect(await prisma.auditEntry.count({ where: { action: "connection.lost", objectId: "facebook" } })).toBe(1);
    // Meta may call again: the Admins are not told twice.
    expect((await run(deauthorize, fromMeta(META_DEAUTHORIZE_PATH, { signed_request: request() }))).status).toBe(200);
    expect(await adminNotices()).toHaveLength(1);
  });

  it.each([
    ["signed with another secret", () => signed({ algorithm: "HMAC-SHA256", user_id: PERSON }, "not-the-secret")],
    ["another algorithm", () => request(PERSON, { algorithm: "HMAC-SHA1" })],
    ["no algorithm", () => signed({ user_id: PERSON })],
    [
      "a payload changed after signing",
      () => `${request().split(".")[0]}.${b64(JSON.stringify({ algorithm: "HMAC-SHA256", user_id: OTHER }))}`,
    ],
    ["no signature", () => `.${request().split(".")[1]}`],
    ["not a signed request", () => "garbage"],
    ["missing", () => null],
  ])("refuses a request %s with 400 and changes nothing", async (_, make) => {
    await saveApp();
    await connectBoth();
    const value = make();
    const fields: Record<string, string> = value === null ? {} : { signed_request: value };
    const before = await databaseDigest();
    for (const [handler, path] of [
      [deauthorize, META_DEAUTHORIZE_PATH],
      [dataDeletion, META_DATA_DELETION_PATH],
    ] as const) {
      expect((await run(handler, fromMeta(path, fields))).status).toBe(400);
    }
    expect(await databaseDigest()).toEqual(before);
  });

  it("answers 404 when no Meta app is saved, and changes nothing", async () => {
    await connectBoth();
    const before = await databaseDigest();
    expect((await run(deauthorize, fromMeta(META_DEAUTHORIZE_PATH, { signed_request: request() }))).status).toBe(404);
    expect((await run(dataDeletion, fromMeta(META_DATA_DELETION_PATH, { signed_request: request() }))).status).toBe(404);
    expect(await databaseDigest()).toEqual(before);
  });

  it("is exempt from the same-origin check, at the paths the routes answer", () => {
    expect([...SIGNED_CALLBACK_PATHS].sort()).toEqual(
      [META_DATA_DELETION_PATH, META_DEAUTHORIZE_PATH, THREADS_DELETE_PATH, THREADS_UNINSTALL_PATH].sort(),
    );
  });
});

describe("Meta's data deletion callback", () => {
  it("removes the person's tokens and account, keeps posts and content, answers a code and a status page", async () => {
    process.env.STUDIO_URL = "https://studio.example.org";
    try {
      await saveApp();
      await connectBoth();
      await saveAccountChoice({
        network: "facebook",
        sessionId: "session-36",
        userId: SAMPLE.Admin,
        choices: [
          {
            account: { id: "202", handle: "Books" },
            networkUserId: PERSON,
            tokens: { accessToken: "choice-token", refreshToken: null, expiresAt: null },
          },
        ],
        expiresAt: new Date(Date.now() + 600_000),
      });
      const counts = async () => [await prisma.contentItem.count(), await prisma.channelPost.count()];
      const contentBefore = await counts();

      const outcome = await run(dataDeletion, fromMeta(META_DATA_DELETION_PATH, { signed_request: request() }));
      expect(outcome.status).toBe(200);
      const body = outcome.body as { url: string; confirmation_code: string };
      expect(body.confirmation_code).toMatch(/^[\w-]{16}$/);
      expect(body.url).toBe(`https://studio.example.org/networks/meta/deletion/${body.confirmation_code}`);

      // No token or account detail of that person is left; the channel shows Needs reconnecting.
      expect(await integration("facebook")).toMatchObject({
        connected: true,
        reconnectReason: DEAUTHORIZED_REASON,
        accessTokenEnc: null,
        refreshTokenEnc: null,
        accountId: null,
        handle: null,
        networkUserId: null,
      });
      expect(await prisma.integration.count({ where: { networkUserId: PERSON } })).toBe(0);
      expect(await prisma.networkAccountChoice.count({ where: { sessionId: "session-36" } })).toBe(0);
      expect(await integration("instagram")).toMatchObject({ handle: "brightpath", networkUserId: OTHER });
      expect(await adminNotices()).toHaveLength(1);
      expect(await counts()).toEqual(contentBefore);
      const audit = await prisma.auditEntry.findFirstOrThrow({ where: { action: "connection.data-deleted" } });
      expect(audit).toMatchObject({ actorKind: "external", objectId: body.confirmation_code });
      expect(audit.after).not.toContain(PERSON);

      // The status page, without sign-in: only the code and the day.
      const page = await run(deletionPage, get(new URL(body.url).pathname), { code: body.confirmation_code });
      expect(page.status).toBe(200);
      const html = String(page.body);
      expect(html).toContain(`Deletion ${body.confirmation_code}: done on ${new Date().toISOString().slice(0, 10)}`);
      expect(html).toContain('name="viewport"');
      expect(html).not.toContain("<script");
      expect(html).not.toContain("Bright Path");
      expect((await run(deletionPage, get("/networks/meta/deletion/nope"), { code: "nope" })).status).toBe(404);
    } finally {
      delete process.env.STUDIO_URL;
    }
  });
});

describe("Threads' uninstall and delete callbacks", () => {
  const THREADS_SECRET = "threads-secret-36";
  const THREADS_PERSON = "25123456789012345";
  async function connectThreads() {
    await saveNetworkApp("threads", { clientId: "9988776655", clientSecret: THREADS_SECRET }, SAMPLE.Admin);
    await saveConnection(
      "threads",
      {
        refreshToken: null,
        expiresAt: null,
        accessToken: "th-token-36",
        accountId: THREADS_PERSON,
        handle: "@brightpath",
        networkUserId: THREADS_PERSON,
      },
      SAMPLE.Admin,
    );
  }
  const threadsRequest = (secret = THREADS_SECRET) =>
    signed({ algorithm: "HMAC-SHA256", user_id: THREADS_PERSON, issued_at: Math.floor(Date.now() / 1000) }, secret);

  it("uninstall, signed with the Threads app's secret, marks the Threads connection and nothing of Meta's", async () => {
    await saveApp();
    await connectBoth();
    await connectThreads();
    const outcome = await run(threadsUninstall, fromMeta(THREADS_UNINSTALL_PATH, { signed_request: threadsRequest() }));
    expect(outcome.status).toBe(200);
    expect(await integration("threads")).toMatchObject({ connected: true, reconnectReason: THREADS_APP.reason });
    expect(await integration("facebook")).toMatchObject({ reconnectReason: null });
  });

  it("refuses a request signed with the Meta app's secret (400), and answers 404 without a Threads app", async () => {
    await saveApp();
    await connectThreads();
    const before = await databaseDigest();
    for (const [handler, path] of [
      [threadsUninstall, THREADS_UNINSTALL_PATH],
      [threadsDelete, THREADS_DELETE_PATH],
    ] as const) {
      expect((await run(handler, fromMeta(path, { signed_request: threadsRequest(SECRET) }))).status).toBe(400);
    }
    expect(await databaseDigest()).toEqual(before);
    await prisma.networkApp.deleteMany({ where: { network: "threads" } });
    const withoutApp = await databaseDigest();
    expect((await run(threadsUninstall, fromMeta(THREADS_UNINSTALL_PATH, { signed_request: threadsRequest() }))).status).toBe(404);
    expect(await databaseDigest()).toEqual(withoutApp);
  });

  it("delete removes the Threads token and account, and answers a code whose status page says it is done", async () => {
    await connectThreads();
    const outcome = await run(threadsDelete, fromMeta(THREADS_DELETE_PATH, { signed_request: threadsRequest() }));
    expect(outcome.status).toBe(200);
    const body = outcome.body as { url: string; confirmation_code: string };
    expect(body.url).toMatch(new RegExp(`/networks/meta/deletion/${body.confirmation_code}$`));
    expect(await integration("threads")).toMatchObject({
      reconnectReason: THREADS_APP.reason,
      accessTokenEnc: null,
      accountId: null,
      handle: null,
      networkUserId: null,
    });
    const audit = await prisma.auditEntry.findFirstOrThrow({ where: { action: "connection.data-deleted" } });
    expect(audit).toMatchObject({ actorKind: "external", actorName: "Threads (data deletion request)" });
    const page = await run(deletionPage, get(new URL(body.url).pathname), { code: body.confirmation_code });
    expect(String(page.body)).toContain(`Deletion ${body.confirmation_code}: done on`);
  });
});

describe("connecting through Meta keeps who connected", () => {
  let fake: FakeMeta;
  let front: http.Server;
  beforeAll(async () => {
    fake = await startFakeMeta();
    // The fake Graph API has no GET /me: a server in front answers it and passes the rest on.
    front = http.createServer(async (req, res) => {
      const url = new URL(req.url ?? "/", fake.base);
      if (url.pathname === "/v21.0/me" && /^Bearer /.test(req.headers.authorization ?? "")) {
        res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ id: PERSON }));
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== "host" && k !== "content-length")) as Record<
        string,
        string
      >;
      const answer = await fetch(`${fake.base}${url.pathname}${url.search}`, {
        method: req.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
        redirect: "manual",
      });
      res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
    useFakeMeta(fake.base);
    process.env.NETWORK_META_API_URL = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => front.close(resolve));
    await fake.close();
  });

  it("stores Meta's id of the person at connect, so their deauthorize finds the Page", async () => {
    fake.reset();
    fake.pages = [{ id: "101", name: "Bright Path Coffee" }];
    fake.apps.set("1234567890", SECRET);
    const admin = await cookieFor(SAMPLE.Admin);
    await run(
      settings,
      post("/settings", { intent: "network-app", platform: "facebook", clientId: "1234567890", clientSecret: SECRET }, admin),
    );
    const { outcome } = await followConsent("facebook", admin);
    expect(outcome.headers.get("Location")).toBe("/settings?tab=integrations&connected=facebook");
    expect(await integration("facebook")).toMatchObject({ handle: "Bright Path Coffee", networkUserId: PERSON });
    expect((await run(deauthorize, fromMeta(META_DEAUTHORIZE_PATH, { signed_request: request() }))).status).toBe(200);
    expect(await integration("facebook")).toMatchObject({ reconnectReason: DEAUTHORIZED_REASON });
  });
});
