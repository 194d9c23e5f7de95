import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

const ORIGIN = "https://studio.test";
/** Where a browser goes for a Location header value, resolved against this site. */
const resolved = (location: string) => new URL(location, ORIGIN);

/** Short strings, half of them path-like, from the characters that matter in URLs: slashes, controls, a scheme, a host. */
const candidate = fc
  .tuple(
    fc.constantFrom("", "/"),
    fc.string({ unit: fc.constantFrom("/", "\\", "\t", "\n", "\r", " ", ":", "@", ".", "e", "%", "0"), maxLength: 12 }),
  )
  .map(([head, tail]) => head + tail);
const RUNS = { numRuns: 1000 };

describe("safeRedirect", () => {
  it.each(["/", "/library", "/settings?tab=team", "/editor?id=content-sample#comments"])("keeps the same-site path %j", (to) => {
    expect(safeRedirect(to)).toBe(to);
  });

  it.each(["//evil.test", "/\\evil.test", "https://evil.test", "evil.test", "", "/login", "/logout", null, undefined, 42])(
    "falls back for %j",
    (to) => {
      expect(safeRedirect(to)).toBe("/");
      expect(safeRedirect(to, "/library")).toBe("/library");
    },
  );

  it.each(["/\t/evil.test", "/\t\\evil.test", "/\n/evil.test", "/\r/evil.test"])("does not let %j leave the site", (to) => {
    expect(resolved(safeRedirect(to)).origin).toBe(ORIGIN);
  });

  it("never leads off the site, for any string", () => {
    fc.assert(
      fc.property(candidate, (to) => {
        expect(resolved(safeRedirect(to)).origin).toBe(ORIGIN);
      }),
      RUNS,
    );
  });

  it("always gives a value that is valid in a Location header", () => {
    fc.assert(
      fc.property(candidate, (to) => {
        expect(() => new Headers({ Location: safeRedirect(to) })).not.toThrow();
      }),
      RUNS,
    );
  });
});
