import { describe, expect, it } from "vitest";
import {
  ENGAGED_AFTER_SEC,
  MAX_PAGEVIEW_SEC,
  engagementDelta,
  normalizeOrigin,
  pageOf,
  parseTrackerEvent,
  referrerHost,
  trackerSnippet,
  visitorHash,
} from "./tracker";

const visitor = { origin: "https://site.test", ip: "203.0.113.9", userAgent: "Mozilla/5.0 (X11) Firefox/130" };

describe("visitorHash", () => {
  it("is the same for one visitor under one day's salt, and differs under the next day's", () => {
    const today = visitorHash({ ...visitor, salt: "salt-of-monday" });
    expect(visitorHash({ ...visitor, salt: "salt-of-monday" })).toBe(today);
    expect(visitorHash({ ...visitor, salt: "salt-of-tuesday" })).not.toBe(today);
  });

  it("tells visitors apart by address, browser and site", () => {
    const base = visitorHash({ ...visitor, salt: "s" });
    expect(visitorHash({ ...visitor, salt: "s", ip: "203.0.113.10" })).not.toBe(base);
    expect(visitorHash({ ...visitor, salt: "s", userAgent: "Other" })).not.toBe(base);
    expect(visitorHash({ ...visitor, salt: "s", origin: "https://other.test" })).not.toBe(base);
  });

  it("holds neither the address nor the browser", () => {
    const hash = visitorHash({ ...visitor, salt: "s" });
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(hash).not.toContain("203");
    expect(hash).not.toContain("Firefox");
  });
});

describe("pageOf", () => {
  it("counts a page as origin + path and reads the UTM parameters", () => {
    expect(pageOf("https://site.test/blog/launch-day/?utm_source=news&utm_medium=email&utm_campaign=nov#top")).toEqual({
      origin: "https://site.test",
      url: "https://site.test/blog/launch-day",
      slug: "launch-day",
      utmSource: "news",
      utmMedium: "email",
      utmCampaign: "nov",
    });
  });

  it("refuses anything but http(s)", () => {
    expect(pageOf("javascript:alert(1)")).toBeNull();
    expect(pageOf("not a url")).toBeNull();
  });
});

describe("referrerHost", () => {
  it("keeps only another site's host", () => {
    expect(referrerHost("https://news.example/item?id=5", "https://site.test")).toBe("news.example");
    expect(referrerHost("https://site.test/other", "https://site.test")).toBe("");
    expect(referrerHost("", "https://site.test")).toBe("");
  });
});

describe("engagementDelta", () => {
  it("adds only the new seconds and turns the view engaged once", () => {
    expect(engagementDelta(0, 5)).toEqual({ seconds: 5, total: 5, becameEngaged: false });
    expect(engagementDelta(5, ENGAGED_AFTER_SEC + 2)).toEqual({
      seconds: ENGAGED_AFTER_SEC - 3,
      total: ENGAGED_AFTER_SEC + 2,
      becameEngaged: true,
    });
    expect(engagementDelta(ENGAGED_AFTER_SEC + 2, ENGAGED_AFTER_SEC + 20).becameEngaged).toBe(false);
  });

  it("ignores a heartbeat that goes back, and caps a page load's time", () => {
    expect(engagementDelta(30, 20)).toEqual({ seconds: 0, total: 30, becameEngaged: false });
    expect(engagementDelta(0, 86_400).total).toBe(MAX_PAGEVIEW_SEC);
  });
});

describe("parseTrackerEvent", () => {
  it("reads a view and a heartbeat", () => {
    expect(parseTrackerEvent('{"k":"v","u":"https://site.test/a","p":"abcdefgh"}')).toMatchObject({ k: "v", r: "" });
    expect(parseTrackerEvent('{"k":"e","p":"abcdefgh","s":12}')).toEqual({ k: "e", p: "abcdefgh", s: 12 });
  });

  it.each([
    "",
    "{",
    "null",
    '{"k":"v"}',
    '{"k":"e","p":"short","s":1}',
    '{"k":"e","p":"abcdefgh","s":-1}',
    '{"k":"v","u":"https://site.test/a","c":"slug\\u0000","p":"abcdefgh"}',
    '{"k":"v","u":"https://site.test/a","r":"https://other.test/\\u0000","p":"abcdefgh"}',
    "x".repeat(3000),
  ])("refuses %j", (body) => expect(parseTrackerEvent(body)).toBeNull());
});

describe("normalizeOrigin", () => {
  it("keeps scheme, host and port only", () => {
    expect(normalizeOrigin(" https://WWW.Site.test/ ")).toBe("https://www.site.test");
    expect(normalizeOrigin("http://127.0.0.1:8080")).toBe("http://127.0.0.1:8080");
  });

  it.each(["site.test", "https://site.test/blog", "ftp://site.test", "https://site.test?x=1", "javascript:alert(1)"])(
    "refuses %j",
    (input) => expect(normalizeOrigin(input)).toBeNull(),
  );
});

it("the snippet loads /t.js from the studio and carries the Do Not Track choice", () => {
  expect(trackerSnippet("https://studio.test", { respectDoNotTrack: true })).toContain('src="https://studio.test/t.js" data-dnt="1"');
  expect(trackerSnippet("https://studio.test", { respectDoNotTrack: false })).not.toContain("data-dnt");
});
