import { describe, expect, it } from "vitest";
import { isAllowedOrigin, isSignedCallback } from "./same-origin";

describe("isAllowedOrigin", () => {
  const host = "studio.example:3000";
  it.each([
    [{ method: "GET", host }, true],
    [{ method: "HEAD", origin: "http://evil.test", host }, true],
    [{ method: "POST", origin: "http://studio.example:3000", host }, true],
    [{ method: "POST", referer: "http://studio.example:3000/settings", host }, true],
    [{ method: "DELETE", origin: "https://studio.example:3000", host }, true],
    [{ method: "POST", origin: "http://evil.test", host }, false],
    [{ method: "POST", origin: "http://studio.example:3001", host }, false],
    [{ method: "POST", origin: "null", host }, false],
    [{ method: "POST", host }, false],
    [{ method: "PUT", origin: "not a url", host }, false],
    [{ method: "POST", origin: "http://studio.example:3000" }, false],
  ])("%j → %s", (request, allowed) => {
    expect(isAllowedOrigin(request)).toBe(allowed);
  });
});

describe("isSignedCallback", () => {
  it.each([
    ["/networks/meta/deauthorize", true],
    ["/networks/meta/data-deletion", true],
    ["/networks/meta/deletion/abc", false],
    ["/settings", false],
  ])("%s → %s", (path, exempt) => {
    expect(isSignedCallback(path)).toBe(exempt);
  });
});
