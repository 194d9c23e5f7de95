import { describe, expect, it } from "vitest";
import { carriesStatusInHeader, realStatus } from "./handled-reply";

describe("handled replies", () => {
  const base = { method: "POST", asked: true, status: 400, rendered: true };
  it("moves a rendered 4xx reply's status to a header only when the studio's script asked", () => {
    expect(carriesStatusInHeader(base)).toBe(true);
    expect(carriesStatusInHeader({ ...base, status: 409 })).toBe(true);
    expect(carriesStatusInHeader({ ...base, asked: false })).toBe(false); // plain form posts, other clients
    expect(carriesStatusInHeader({ ...base, rendered: false })).toBe(false); // errors the page does not render
    expect(carriesStatusInHeader({ ...base, method: "GET" })).toBe(false);
    expect(carriesStatusInHeader({ ...base, status: 500 })).toBe(false);
    expect(carriesStatusInHeader({ ...base, status: 200 })).toBe(false);
  });
  it("reads the real status back", () => {
    expect(realStatus(200, "400")).toBe(400);
    expect(realStatus(200, null)).toBe(200);
    expect(realStatus(200, "500")).toBe(200);
    expect(realStatus(200, "abc")).toBe(200);
    expect(realStatus(302, "400")).toBe(302);
  });
});
