import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newNonce, securityHeaders } from "./security-headers";

describe("security headers", () => {
  it("allow scripts only from the site or with this response's nonce", () => {
    const csp = contentSecurityPolicy("abc123");
    const scripts = csp.split("; ").find((d) => d.startsWith("script-src"));
    expect(scripts).toBe("script-src 'self' 'nonce-abc123'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it("make a new nonce each time", () => {
    const nonces = new Set(Array.from({ length: 50 }, newNonce));
    expect(nonces.size).toBe(50);
    for (const n of nonces) expect(n).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it("add HSTS only over HTTPS", () => {
    expect(securityHeaders("n")).not.toHaveProperty("Strict-Transport-Security");
    expect(securityHeaders("n", { secure: true })["Strict-Transport-Security"]).toMatch(/max-age=\d+/);
    expect(securityHeaders("n")).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    });
  });
});
