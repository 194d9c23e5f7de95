// Decision 014: the session cookie is Secure when the request came over HTTPS, whatever NODE_ENV says.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { action as login } from "~/routes/login";
import { action as logout } from "~/routes/logout";
import { DEMO_PASSWORD } from "../prisma/sample/people";
import { cookieFor, context, freshSeed, run, SAMPLE } from "./route-helpers";

beforeEach(() => freshSeed());
afterEach(() => vi.unstubAllEnvs());

function postTo(origin: string, path: string, fields: Record<string, string>, cookie?: string) {
  return new Request(`${origin}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

async function signInOver(origin: string) {
  const outcome = await run(login, postTo(origin, "/login", { email: "sarah@studio.test", password: DEMO_PASSWORD }), {}, context());
  expect(outcome.status).toBe(302);
  return outcome.headers.get("Set-Cookie") ?? "";
}

const SECURE = /;\s*Secure(;|$)/i;

describe("session cookie Secure flag", () => {
  it("is Secure over HTTPS, in production or not", async () => {
    vi.stubEnv("NODE_ENV", "development");
    expect(await signInOver("https://studio.example")).toMatch(SECURE);
    vi.stubEnv("NODE_ENV", "production");
    expect(await signInOver("https://studio.example")).toMatch(SECURE);
  });

  it("is not Secure over plain HTTP in production, so localhost keeps working with no setting", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("COOKIE_SECURE", "");
    expect(await signInOver("http://localhost:3000")).not.toMatch(SECURE);
  });

  it("follows COOKIE_SECURE when it is set", async () => {
    vi.stubEnv("COOKIE_SECURE", "true");
    expect(await signInOver("http://localhost:3000")).toMatch(SECURE);
    vi.stubEnv("COOKIE_SECURE", "false");
    expect(await signInOver("https://studio.example")).not.toMatch(SECURE);
  });

  it("clears the cookie with the same flag on sign-out over HTTPS", async () => {
    const cookie = await cookieFor(SAMPLE.Admin);
    const outcome = await run(logout, postTo("https://studio.example", "/logout", {}, cookie), {}, context());
    expect(outcome.headers.get("Set-Cookie")).toMatch(/Max-Age=0/i);
    expect(outcome.headers.get("Set-Cookie")).toMatch(SECURE);
  });
});
