import { afterEach, describe, expect, it } from "vitest";
import { absoluteUrl, studioOrigin } from "./public-url.server";

const saved = { STUDIO_URL: process.env.STUDIO_URL, PORT: process.env.PORT };
afterEach(() => {
  for (const [k, v] of Object.entries(saved))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
});

describe("the studio's public address", () => {
  it("is STUDIO_URL without a trailing slash, else localhost on the server's port", () => {
    process.env.STUDIO_URL = "https://studio.example.com/";
    expect(studioOrigin()).toBe("https://studio.example.com");
    delete process.env.STUDIO_URL;
    process.env.PORT = "4321";
    expect(studioOrigin()).toBe("http://localhost:4321");
  });

  it("makes paths absolute and leaves absolute URLs alone", () => {
    process.env.STUDIO_URL = "https://studio.example.com";
    expect(absoluteUrl("/uploads/abc")).toBe("https://studio.example.com/uploads/abc");
    expect(absoluteUrl("l/xyz")).toBe("https://studio.example.com/l/xyz");
    expect(absoluteUrl("https://cdn.example.net/a.png")).toBe("https://cdn.example.net/a.png");
  });
});
