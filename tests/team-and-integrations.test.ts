import { idInWorkspace } from "~/db/workspace-keys.server";
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { listTeam } from "~/models/user.server";
import { action as accept, loader as invitation } from "~/routes/invite.$token";
import { action as settings, loader as settingsPage } from "~/routes/settings/route";
import { getSessionUser } from "~/web/session.server";
import { SAMPLE, cookieFor, freshSeed, get, post, run } from "./route-helpers";

/** The account with its membership of the first workspace: role and status are the membership's (decision 073). */
const memberRow = async (userId: string) => {
  const m = await prisma.membership.findFirst({ where: { userId }, include: { user: true } });
  return m && { ...m.user, role: m.role, status: m.status };
};

beforeEach(() => freshSeed());

type Reply = {
  intent: string;
  ok: boolean;
  message?: string;
  formError?: string | null;
  fieldErrors: Record<string, string>;
  link?: string;
  target?: string;
};

async function asAdmin(fields: Record<string, string>, userId: string = SAMPLE.Admin) {
  const outcome = await run(settings, post("/settings", fields, await cookieFor(userId)));
  return { status: outcome.status, reply: outcome.body as Reply };
}

/** Invites a new member and returns the token from the one-time link. */
async function invite(email = "newcomer@studio.test", role = "Writer") {
  const { status, reply } = await asAdmin({ intent: "invite", email, role });
  expect(status).toBe(200);
  const token = reply.link?.match(/\/invite\/([^/?#]+)$/)?.[1];
  expect(token).toBeTruthy();
  return { token: token!, userId: reply.target! };
}

const openInvite = (token: string) => run(invitation, get(`/invite/${token}`), { token });
const acceptInvite = (token: string, fields: Record<string, string>) => run(accept, post(`/invite/${token}`, fields), { token });

describe("invite", () => {
  it("refuses a malformed email with errors.email", async () => {
    const { status, reply } = await asAdmin({ intent: "invite", email: "not an email", role: "Writer" });
    expect(status).toBe(400);
    expect(reply.fieldErrors.email).toEqual(expect.any(String));
    expect(await prisma.invitation.count()).toBe(0);
  });

  it.each(["marcus@studio.test", " Marcus@Studio.TEST "])("refuses an active member's email %j with 409", async (email) => {
    const { status, reply } = await asAdmin({ intent: "invite", email, role: "Writer" });
    expect(status).toBe(409);
    expect(reply.fieldErrors.email).toMatch(/already a member/);
    expect(await memberRow(SAMPLE.Editor)).toMatchObject({ role: "Editor", status: "active" });
  });

  it("refuses to invite the same address twice with 409", async () => {
    await invite("twice@studio.test");
    expect((await asAdmin({ intent: "invite", email: "twice@studio.test", role: "Writer" })).status).toBe(409);
  });

  it("returns a one-time /invite/<token> link that opens the invitation", async () => {
    const { token, userId } = await invite("newcomer@studio.test", "Editor");
    expect(await memberRow(userId)).toMatchObject({
      email: "newcomer@studio.test",
      status: "invited",
      role: "Editor",
    });

    const page = await openInvite(token);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({ email: "newcomer@studio.test", role: "Editor" });
  });

  it("answers 404 for a token that was never issued", async () => {
    expect((await openInvite("made-up-token")).status).toBe(404);
  });
});

describe("accepting an invitation", () => {
  const PASSWORD = "a-long-enough-password";

  it("refuses a short password with 400", async () => {
    const { token, userId } = await invite();
    const outcome = await acceptInvite(token, { name: "Nia", password: "short", confirm: "short" });
    expect(outcome.status).toBe(400);
    expect((outcome.body as Reply).fieldErrors.password).toEqual(expect.any(String));
    expect(await prisma.user.findUnique({ where: { id: userId } })).toMatchObject({ status: "invited", passwordHash: null });
  });

  it("refuses a confirmation that does not match with 400", async () => {
    const { token, userId } = await invite();
    const outcome = await acceptInvite(token, { name: "Nia", password: PASSWORD, confirm: `${PASSWORD}x` });
    expect(outcome.status).toBe(400);
    expect((outcome.body as Reply).fieldErrors.confirm).toEqual(expect.any(String));
    expect(await prisma.user.findUnique({ where: { id: userId } })).toMatchObject({ status: "invited" });
  });

  it("activates the member with the chosen name, signs them in, and works only once", async () => {
    const { token, userId } = await invite();
    const outcome = await acceptInvite(token, { name: "Nia Okoro", password: PASSWORD, confirm: PASSWORD });

    expect(outcome.status).toBe(302);
    const cookie = (outcome.headers.get("Set-Cookie") ?? "").split(";")[0];
    expect(cookie).toMatch(/^studio_session=.+/);
    expect((await getSessionUser(get("/", cookie)))?.id).toBe(userId);
    expect(await prisma.user.findUnique({ where: { id: userId } })).toMatchObject({ name: "Nia Okoro", status: "active" });

    expect((await openInvite(token)).status).toBe(404);
    expect((await acceptInvite(token, { name: "Someone Else", password: PASSWORD, confirm: PASSWORD })).status).toBe(404);
    expect(await prisma.user.findUnique({ where: { id: userId } })).toMatchObject({ name: "Nia Okoro" });
  });

  it("an expired link no longer opens or accepts", async () => {
    const { token, userId } = await invite();
    await prisma.invitation.update({ where: { userId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await openInvite(token)).status).toBe(404);
    expect((await acceptInvite(token, { name: "Nia", password: PASSWORD, confirm: PASSWORD })).status).toBe(404);
    expect(await prisma.user.findUnique({ where: { id: userId } })).toMatchObject({ status: "invited" });
  });

  it("no link is renewed for a member who already joined", async () => {
    expect((await asAdmin({ intent: "renew", userId: SAMPLE.Writer })).status).toBe(404);
    expect(await prisma.invitation.count()).toBe(0);
  });

  it("a renewed link replaces the old one", async () => {
    const { token: oldToken, userId } = await invite();
    const { status, reply } = await asAdmin({ intent: "renew", userId });
    expect(status).toBe(200);
    const newToken = reply.link?.match(/\/invite\/([^/?#]+)$/)?.[1];
    expect(newToken).toBeTruthy();
    expect(newToken).not.toBe(oldToken);

    expect((await openInvite(oldToken)).status).toBe(404);
    expect((await acceptInvite(oldToken, { name: "Nia", password: PASSWORD, confirm: PASSWORD })).status).toBe(404);
    expect((await openInvite(newToken!)).status).toBe(200);
  });
});

describe("role changes", () => {
  const roleOf = (id: string) => prisma.membership.findFirstOrThrow({ where: { userId: id } }).then((m) => m.role);

  it("the last active Admin can be neither demoted nor removed (409)", async () => {
    expect(await prisma.membership.count({ where: { role: "Admin", status: "active" } })).toBe(1);

    const demote = await asAdmin({ intent: "role", userId: SAMPLE.Admin, role: "Editor" });
    expect(demote.status).toBe(409);
    expect(demote.reply.formError).toMatch(/last Admin/);

    const remove = await asAdmin({ intent: "remove", userId: SAMPLE.Admin });
    expect(remove.status).toBe(409);
    expect(remove.reply.formError).toMatch(/last Admin/);

    expect(await memberRow(SAMPLE.Admin)).toMatchObject({ role: "Admin", status: "active" });
  });

  it("after another member becomes Admin, the first can be demoted", async () => {
    expect((await asAdmin({ intent: "role", userId: SAMPLE.Editor, role: "Admin" })).status).toBe(200);
    expect(await roleOf(SAMPLE.Editor)).toBe("Admin");

    // The new Admin uses their new rights.
    expect((await asAdmin({ intent: "role", userId: SAMPLE.Admin, role: "Editor" }, SAMPLE.Editor)).status).toBe(200);
    expect(await roleOf(SAMPLE.Admin)).toBe("Editor");
  });

  it("refuses a role that does not exist", async () => {
    expect((await asAdmin({ intent: "role", userId: SAMPLE.Writer, role: "Owner" })).status).toBe(400);
    expect(await roleOf(SAMPLE.Writer)).toBe("Writer");
  });
});

describe("removing a member", () => {
  it("marks them removed, ends their sessions, hides them from the team, and keeps their content", async () => {
    const theirCookie = await cookieFor(SAMPLE.Writer);
    const content = await prisma.contentItem.count({ where: { authorId: SAMPLE.Writer } });
    expect(content).toBeGreaterThan(0);

    const { status } = await asAdmin({ intent: "remove", userId: SAMPLE.Writer });

    expect(status).toBe(200);
    expect(await prisma.user.findUnique({ where: { id: SAMPLE.Writer } })).toMatchObject({ status: "removed" });
    expect(await prisma.session.count({ where: { userId: SAMPLE.Writer } })).toBe(0);
    expect(await getSessionUser(get("/", theirCookie))).toBeNull();
    expect((await listTeam()).map((m) => m.id)).not.toContain(SAMPLE.Writer);
    expect(await prisma.contentItem.count({ where: { authorId: SAMPLE.Writer } })).toBe(content);
  });

  it("a removed member can be invited again and gets their content back on joining", async () => {
    await asAdmin({ intent: "remove", userId: SAMPLE.Writer });
    const { token, userId } = await invite("priya@studio.test", "Writer");
    expect(userId).toBe(SAMPLE.Writer);

    const joined = await acceptInvite(token, {
      name: "Priya Patel",
      password: "a-long-enough-password",
      confirm: "a-long-enough-password",
    });

    expect(joined.status).toBe(302);
    expect(await memberRow(SAMPLE.Writer)).toMatchObject({ status: "active", role: "Writer" });
    expect(await prisma.contentItem.count({ where: { authorId: SAMPLE.Writer } })).toBeGreaterThan(0);
  });

  it("answers 404 for a member who is already removed", async () => {
    await asAdmin({ intent: "remove", userId: SAMPLE.Writer });
    expect((await asAdmin({ intent: "remove", userId: SAMPLE.Writer })).status).toBe(404);
  });
});

describe("integrations", () => {
  // A public address literal: the connect form refuses a host that resolves privately or not at all.
  const HOOK = "https://100.128.0.7/publish/facebook-7f3a";
  const SECRET = "whsec-4d1c9e0b7a2f";
  const row = (id: string) => prisma.integration.findUniqueOrThrow({ where: idInWorkspace(id) });
  const connectFacebook = (fields: Record<string, string> = {}) =>
    asAdmin({ intent: "connect", platform: "facebook", handle: "@studio", webhookUrl: HOOK, webhookSecret: SECRET, ...fields });

  it("names X and LinkedIn as linked (no token) with Disconnect, never as connected or not connected", async () => {
    const page = await run(settingsPage, get("/settings?tab=integrations", await cookieFor(SAMPLE.Admin)));
    const cards = (page.body as { integrations: { id: string; connected: boolean; state: string }[] }).integrations;
    expect(cards.find((c) => c.id === "twitter")).toMatchObject({
      connected: true,
      state: "Linked as @studiohq: posts wait to be posted by hand",
    });
    expect(cards.find((c) => c.id === "linkedin")).toMatchObject({
      connected: true,
      state: "Linked as studio-hq: posts wait to be posted by hand",
    });
  });

  it("refuses a missing handle with 400", async () => {
    const { status, reply } = await connectFacebook({ handle: "  " });
    expect(status).toBe(400);
    expect(reply.fieldErrors.handle).toEqual(expect.any(String));
    expect((await row("facebook")).connected).toBe(false);
  });

  it.each(["not a url", "ftp://hooks.studio.test/x", "javascript:alert(1)"])("refuses the webhook URL %j with 400", async (webhookUrl) => {
    const { status, reply } = await connectFacebook({ webhookUrl });
    expect(status).toBe(400);
    expect(reply.fieldErrors.webhookUrl).toEqual(expect.any(String));
    expect((await row("facebook")).connected).toBe(false);
  });

  it("connects and stores the handle, webhook URL and secret", async () => {
    expect((await connectFacebook()).status).toBe(200);
    expect(await row("facebook")).toMatchObject({
      connected: true,
      handle: "@studio",
      webhookUrl: HOOK,
      webhookSecret: SECRET,
      connectedById: SAMPLE.Admin,
    });
  });

  it("refuses to connect a platform that is already connected (409)", async () => {
    const before = await row("twitter");
    const { status } = await asAdmin({ intent: "connect", platform: "twitter", handle: "@someone-else" });
    expect(status).toBe(409);
    expect(await row("twitter")).toEqual(before);
  });

  it("answers 404 for a platform that is not offered", async () => {
    expect((await asAdmin({ intent: "connect", platform: "myspace", handle: "@studio" })).status).toBe(404);
    expect(await prisma.integration.findUnique({ where: idInWorkspace("myspace") })).toBeNull();
  });

  it.each(Object.entries(SAMPLE))("the settings page never shows the webhook URL or secret (as %s)", async (_role, userId) => {
    await connectFacebook();
    const page = await run(settingsPage, get("/settings?tab=integrations", await cookieFor(userId)));
    expect(page.status).toBe(200);
    const text = JSON.stringify(page.body);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(HOOK);
    expect(text).not.toContain("facebook-7f3a");
    const facebook = (page.body as { integrations: { id: string }[] }).integrations.find((i) => i.id === "facebook");
    expect(facebook).toMatchObject({ connected: true, webhookHost: "100.128.0.7", hasSecret: true });
  });

  it("disconnecting clears the account and the webhook", async () => {
    await connectFacebook();
    expect((await asAdmin({ intent: "disconnect", platform: "facebook" })).status).toBe(200);
    expect(await row("facebook")).toMatchObject({
      connected: false,
      handle: null,
      webhookUrl: null,
      webhookSecret: null,
      connectedAt: null,
    });
  });

  it("refuses to disconnect a platform that is not connected (409)", async () => {
    const before = await row("instagram");
    expect((await asAdmin({ intent: "disconnect", platform: "instagram" })).status).toBe(409);
    expect(await row("instagram")).toEqual(before);
  });

  it("answers 404 when disconnecting a platform that is not offered", async () => {
    expect((await asAdmin({ intent: "disconnect", platform: "myspace" })).status).toBe(404);
  });
});
