import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { ACCOUNT_FAILURE_LIMIT, ADDRESS_FAILURE_LIMIT, THROTTLE_WINDOW_MS } from "~/domain/throttle";
import { verifyPassword } from "~/crypto/password.server";
import { action as login, loader as loginPage } from "~/routes/login";
import { action as logout } from "~/routes/logout";
import { action as settings } from "~/routes/settings/route";
import { getSessionUser } from "~/web/session.server";
import { DEMO_PASSWORD } from "../prisma/sample/people";
import { ORIGIN, SAMPLE, cookieFor, context, freshSeed, get, post, run } from "./route-helpers";

beforeEach(() => freshSeed());

const SARAH = "sarah@studio.test";
const WRONG = "That email and password do not match an active account.";

function signIn(fields: Record<string, string>, ip = "198.51.100.1") {
  return run(login, post("/login", fields), {}, context(ip));
}

/** The Cookie header a browser would send back after this Set-Cookie. */
function cookieFrom(setCookie: string | null) {
  return (setCookie ?? "").split(";")[0];
}

const formError = (body: unknown) => (body as { formError: string | null }).formError;

describe("login action", () => {
  it("answers 400 with a field message for a malformed email", async () => {
    const outcome = await signIn({ email: "sarah-at-studio", password: DEMO_PASSWORD });
    expect(outcome.status).toBe(400);
    expect((outcome.body as { fieldErrors: Record<string, string> }).fieldErrors.email).toMatch(/valid email/i);
    expect(outcome.headers.get("Set-Cookie")).toBeNull();
  });

  it("answers 401 for a wrong password and for an unknown email, with the same message", async () => {
    const wrongPassword = await signIn({ email: SARAH, password: "not-her-password" });
    const unknownEmail = await signIn({ email: "nobody@studio.test", password: DEMO_PASSWORD });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(formError(wrongPassword.body)).toBe(WRONG);
    expect(formError(unknownEmail.body)).toBe(WRONG);
    expect(wrongPassword.headers.get("Set-Cookie")).toBeNull();
  });

  it("signs in with a 302 and an HttpOnly, SameSite=Lax, Path=/ session cookie", async () => {
    const outcome = await signIn({ email: SARAH, password: DEMO_PASSWORD });
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("Location")).toBe("/");
    const setCookie = outcome.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^studio_session=[^;]+/);
    expect(setCookie).toMatch(/;\s*HttpOnly/i);
    expect(setCookie).toMatch(/;\s*SameSite=Lax/i);
    expect(setCookie).toMatch(/;\s*Path=\/(;|$)/);

    const user = await getSessionUser(get("/", cookieFrom(setCookie)));
    expect(user?.id).toBe(SAMPLE.Admin);
  });

  it("purges expired sessions, anyone's, on a successful sign-in", async () => {
    await cookieFor(SAMPLE.Writer);
    const live = await cookieFor(SAMPLE.Analyst);
    await prisma.session.updateMany({ where: { userId: SAMPLE.Writer }, data: { expiresAt: new Date(Date.now() - 1000) } });

    expect((await signIn({ email: SARAH, password: DEMO_PASSWORD })).status).toBe(302);

    expect(await prisma.session.count({ where: { userId: SAMPLE.Writer } })).toBe(0);
    expect(await getSessionUser(get("/", live))).not.toBeNull();
  });

  it("accepts the email in any letter case", async () => {
    const outcome = await signIn({ email: "  Sarah@Studio.TEST ", password: DEMO_PASSWORD });
    expect(outcome.status).toBe(302);
  });

  it.each([
    ["/library?type=blog", "/library?type=blog"],
    ["/settings?tab=team", "/settings?tab=team"],
    ["//evil.test", "/"],
    ["/\\evil.test", "/"],
    ["https://evil.test/", "/"],
    ["evil.test", "/"],
    ["/login", "/"],
    ["/logout", "/"],
  ])("redirectTo %j leads to %j", async (redirectTo, expected) => {
    const outcome = await signIn({ email: SARAH, password: DEMO_PASSWORD, redirectTo });
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("Location")).toBe(expected);
  });

  // Browsers drop tabs and newlines from a Location before resolving it, so "/\t/evil.test" means "//evil.test".
  it.each(["/\t/evil.test", "/\t\\evil.test", "/\n/evil.test", "/\r\n/evil.test"])(
    "redirectTo %j never leaves the site",
    async (redirectTo) => {
      const outcome = await signIn({ email: SARAH, password: DEMO_PASSWORD, redirectTo });
      expect(outcome.status).toBe(302);
      const location = outcome.headers.get("Location") ?? "";
      expect(new URL(location, ORIGIN).origin).toBe(ORIGIN);
    },
  );
});

describe("login loader", () => {
  it("sends a member who is already signed in on to a same-site redirectTo", async () => {
    const cookie = await cookieFor(SAMPLE.Admin);
    const outcome = await run(loginPage, get("/login?redirectTo=%2Flibrary", cookie));
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("Location")).toBe("/library");
  });

  it("never sends a signed-in member off the site", async () => {
    const cookie = await cookieFor(SAMPLE.Admin);
    const outcome = await run(loginPage, get("/login?redirectTo=%2F%09%2Fevil.test", cookie));
    expect(outcome.status).toBe(302);
    expect(new URL(outcome.headers.get("Location") ?? "", ORIGIN).origin).toBe(ORIGIN);
  });
});

describe("sign-in throttling", () => {
  it(`blocks an account after ${ACCOUNT_FAILURE_LIMIT} failures, even with the right password`, async () => {
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) expect((await signIn({ email: SARAH, password: `guess-${i}` })).status).toBe(401);
    const sessionsBefore = await prisma.session.count({ where: { userId: SAMPLE.Admin } });

    const outcome = await signIn({ email: SARAH, password: DEMO_PASSWORD });

    expect(outcome.status).toBe(429);
    const retryAfter = Number(outcome.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(THROTTLE_WINDOW_MS / 1000);
    expect(formError(outcome.body)).toMatch(/too many failed sign-in attempts for this account/i);
    expect(outcome.headers.get("Set-Cookie")).toBeNull();
    expect(await prisma.session.count({ where: { userId: SAMPLE.Admin } })).toBe(sessionsBefore);
  });

  it("counts failures for an account across addresses", async () => {
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) await signIn({ email: SARAH, password: "wrong-password" }, `192.0.2.${i + 1}`);
    expect((await signIn({ email: SARAH, password: DEMO_PASSWORD }, "192.0.2.200")).status).toBe(429);
  });

  it(`blocks an address after ${ADDRESS_FAILURE_LIMIT} failures across different emails`, async () => {
    const ip = "203.0.113.99";
    for (let i = 0; i < ADDRESS_FAILURE_LIMIT; i++)
      expect((await signIn({ email: `visitor${i}@studio.test`, password: "wrong-password" }, ip)).status).toBe(401);

    const blocked = await signIn({ email: SARAH, password: DEMO_PASSWORD }, ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(formError(blocked.body)).toMatch(/this network address/i);

    // The account itself is not blocked: another address signs in.
    expect((await signIn({ email: SARAH, password: DEMO_PASSWORD }, "203.0.113.100")).status).toBe(302);
  });

  it("a successful sign-in forgives the account's earlier failures", async () => {
    const almost = ACCOUNT_FAILURE_LIMIT - 1;
    for (let i = 0; i < almost; i++) await signIn({ email: SARAH, password: "wrong-password" });
    expect(await prisma.loginFailure.count({ where: { email: SARAH } })).toBe(almost);

    expect((await signIn({ email: SARAH, password: DEMO_PASSWORD })).status).toBe(302);
    expect(await prisma.loginFailure.count({ where: { email: SARAH } })).toBe(0);

    // Without the reset these would add up past the limit.
    for (let i = 0; i < almost; i++) await signIn({ email: SARAH, password: "wrong-password" });
    expect((await signIn({ email: SARAH, password: DEMO_PASSWORD })).status).toBe(302);
  });
});

describe("logout action", () => {
  it("deletes the session row and clears the cookie", async () => {
    const cookie = await cookieFor(SAMPLE.Writer);
    const other = await cookieFor(SAMPLE.Writer);
    expect(await prisma.session.count({ where: { userId: SAMPLE.Writer } })).toBe(2);

    const outcome = await run(logout, post("/logout", {}, cookie));

    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("Location")).toBe("/login");
    expect(outcome.headers.get("Set-Cookie")).toMatch(/studio_session=;.*Max-Age=0/);
    expect(await prisma.session.count({ where: { userId: SAMPLE.Writer } })).toBe(1);
    expect(await getSessionUser(get("/", cookie))).toBeNull();
    expect(await getSessionUser(get("/", other))).not.toBeNull();
  });
});

describe("password change (settings intent=password)", () => {
  const NEW_PASSWORD = "a-brand-new-passphrase";
  const hashOf = (id: string) => prisma.user.findUniqueOrThrow({ where: { id } }).then((u) => u.passwordHash);
  const changePassword = (cookie: string, fields: Record<string, string>) =>
    run(settings, post("/settings", { intent: "password", ...fields }, cookie));
  const errorsOf = (body: unknown) => (body as { fieldErrors: Record<string, string> }).fieldErrors;

  it("refuses a wrong current password with errors.current", async () => {
    const cookie = await cookieFor(SAMPLE.Writer);
    const before = await hashOf(SAMPLE.Writer);
    const outcome = await changePassword(cookie, { current: "not-my-password", password: NEW_PASSWORD, confirm: NEW_PASSWORD });
    expect(outcome.status).toBe(400);
    expect(errorsOf(outcome.body).current).toEqual(expect.any(String));
    expect(await hashOf(SAMPLE.Writer)).toBe(before);
  });

  it("refuses a confirmation that does not match", async () => {
    const cookie = await cookieFor(SAMPLE.Writer);
    const before = await hashOf(SAMPLE.Writer);
    const outcome = await changePassword(cookie, { current: DEMO_PASSWORD, password: NEW_PASSWORD, confirm: `${NEW_PASSWORD}!` });
    expect(outcome.status).toBe(400);
    expect(errorsOf(outcome.body).confirm).toEqual(expect.any(String));
    expect(await hashOf(SAMPLE.Writer)).toBe(before);
  });

  it("changes the password and ends every other session but this one", async () => {
    const current = await cookieFor(SAMPLE.Writer);
    const laptop = await cookieFor(SAMPLE.Writer);
    const phone = await cookieFor(SAMPLE.Writer);
    const someoneElse = await cookieFor(SAMPLE.Editor);

    const outcome = await changePassword(current, { current: DEMO_PASSWORD, password: NEW_PASSWORD, confirm: NEW_PASSWORD });

    expect(outcome.status).toBe(200);
    const hash = await hashOf(SAMPLE.Writer);
    expect(await verifyPassword(DEMO_PASSWORD, hash)).toBe(false);
    expect(await verifyPassword(NEW_PASSWORD, hash)).toBe(true);
    expect(await getSessionUser(get("/", current))).not.toBeNull();
    expect(await getSessionUser(get("/", laptop))).toBeNull();
    expect(await getSessionUser(get("/", phone))).toBeNull();
    expect(await getSessionUser(get("/", someoneElse))).not.toBeNull();
    expect(await prisma.session.count({ where: { userId: SAMPLE.Writer } })).toBe(1);

    expect((await signIn({ email: "priya@studio.test", password: DEMO_PASSWORD })).status).toBe(401);
    expect((await signIn({ email: "priya@studio.test", password: NEW_PASSWORD })).status).toBe(302);
  });
});

describe("sign-out-others (settings)", () => {
  it("deletes the member's other sessions and keeps this one", async () => {
    const current = await cookieFor(SAMPLE.Analyst);
    const others = [await cookieFor(SAMPLE.Analyst), await cookieFor(SAMPLE.Analyst)];
    const someoneElse = await cookieFor(SAMPLE.Admin);

    const outcome = await run(settings, post("/settings", { intent: "sign-out-others" }, current));

    expect(outcome.status).toBe(200);
    expect(await getSessionUser(get("/", current))).not.toBeNull();
    for (const cookie of others) expect(await getSessionUser(get("/", cookie))).toBeNull();
    expect(await getSessionUser(get("/", someoneElse))).not.toBeNull();
    expect(await prisma.session.count({ where: { userId: SAMPLE.Analyst } })).toBe(1);
  });
});
