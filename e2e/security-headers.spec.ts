import { expect, test, type APIResponse, type Page } from "./fixtures";
import { SCREENS, discoverRoutes } from "./routes";

// Every response carries the security headers; every script in a page carries that response's nonce,
// and no screen logs a Content-Security-Policy violation.
function expectSecurityHeaders(res: APIResponse, what: string) {
  const h = res.headers();
  const csp = h["content-security-policy"] ?? "";
  expect(csp, `${what}: CSP`).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(csp, `${what}: no unsafe scripts`).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(h["x-content-type-options"], what).toBe("nosniff");
  expect(h["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(h["x-frame-options"], what).toBe("DENY");
  expect(h["x-powered-by"], what).toBeUndefined();
  return csp.match(/'nonce-([^']+)'/)![1];
}

test("pages carry the headers, a fresh nonce each time, and every script has it", async ({ request }) => {
  const seen = new Set<string>();
  for (const path of [...SCREENS.map((s) => s.path), "/library?q=seo"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const nonce = expectSecurityHeaders(res, path);
    expect(seen.has(nonce), `${path}: nonce reused`).toBe(false);
    seen.add(nonce);
    expect(res.headers()["cache-control"], path).toContain("no-store");
    const tags = (await res.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(tags.length, path).toBeGreaterThan(0);
    for (const tag of tags) expect(tag, `${path}: ${tag}`).toContain(`nonce="${nonce}"`);
  }
});

test("resource routes, data requests, static files, refusals and error pages carry them too", async ({ request, baseURL }) => {
  const routes = discoverRoutes();
  expect(routes.some((r) => r.resource)).toBe(true);
  for (const route of routes.filter((r) => r.hasLoader)) {
    const res = await request.get(route.path, { maxRedirects: 0 });
    expect(res.status(), route.path).toBeLessThan(500);
    expectSecurityHeaders(res, route.path);
  }
  const page = await (await request.get("/")).text();
  const asset = page.match(/\/build\/[^"]+\.js/)![0];
  const checks: [string, Promise<APIResponse>, number][] = [
    ["asset", request.get(asset), 200],
    ["favicon", request.get("/favicon.svg"), 200],
    ["single-fetch data", request.get("/library.data"), 200],
    ["missing page", request.get("/no-such-page"), 404],
    ["missing asset", request.get("/build/no-such-file.js"), 404],
    ["cross-site POST", request.post("/workflow", { form: { intent: "toggle" }, headers: { Origin: "https://evil.example" } }), 403],
  ];
  for (const [what, pending, status] of checks) {
    const res = await pending;
    expect(res.status(), what).toBe(status);
    expectSecurityHeaders(res, what);
  }
  expect(baseURL).toBeTruthy();
});

test("the session cookie is HttpOnly and SameSite", async ({ context }) => {
  const session = (await context.cookies()).find((c) => c.name === "studio_session");
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Lax");
});

/** Collects the page's Content-Security-Policy violations from its console. */
function cspViolations(page: Page) {
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
  });
  return violations;
}

async function unnoncedInlineScripts(page: Page) {
  return page.evaluate(() => [...document.scripts].filter((s) => !s.src && !s.nonce).map((s) => s.outerHTML.slice(0, 120)));
}

test("no screen loads a script without the nonce or logs a CSP violation, signed in or not", async ({ page, browser }) => {
  const signedOut = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
  const visits: [Page, string][] = [...SCREENS.map((s): [Page, string] => [page, s.path]), [signedOut, "/login"]];
  const violations = [cspViolations(page), cspViolations(signedOut)];
  for (const [tab, path] of visits) {
    await tab.goto(path);
    await tab.waitForLoadState("networkidle");
    expect(await unnoncedInlineScripts(tab), path).toEqual([]);
  }
  expect(violations.flat()).toEqual([]);
  await signedOut.context().close();
});

test("client-side navigation through every screen runs under the policy", async ({ page }) => {
  const violations = cspViolations(page);
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const screen of SCREENS) {
    await nav.getByRole("link", { name: screen.label }).click();
    await expect(page).toHaveURL(new RegExp(`${screen.path === "/" ? "/$" : screen.path}`));
    await page.waitForLoadState("networkidle");
  }
  expect(violations).toEqual([]);
});

test("a same-site POST without a form body is refused with 415 and a reason, never a 500", async ({ request, baseURL }) => {
  // The metrics API takes JSON with a bearer token by design (decision 021): it answers 401 without one.
  const actions = discoverRoutes("content-x").filter((r) => r.hasAction && r.path !== "/api/v1/metrics");
  expect(actions.length).toBeGreaterThan(3);
  for (const route of actions) {
    for (const [type, data] of [
      ["application/json", '{"intent":'],
      ["text/plain", "intent=read"],
      ["multipart/form-data", "--x--"],
    ]) {
      const res = await request.post(route.path, { data, headers: { "Content-Type": type, Origin: baseURL! }, maxRedirects: 0 });
      expect(res.status(), `${route.path} ${type}`).toBe(415);
      expect(await res.text()).toMatch(/x-www-form-urlencoded/);
    }
  }
});
