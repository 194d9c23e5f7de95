import { describe, expect, it } from "vitest";
import { unanswered } from "./keep-shown";

describe("unanswered", () => {
  it("is a fetch that never got an answer, as each browser words it", () => {
    for (const message of ["Failed to fetch", "NetworkError when attempting to fetch resource.", "Load failed"])
      expect(unanswered(new TypeError(message))).toBe(true);
  });

  it("is not an answer, nor a bug in the page", () => {
    expect(unanswered(new Response("Boom", { status: 500 }))).toBe(false);
    expect(unanswered(new TypeError("item.title is undefined"))).toBe(false);
    expect(unanswered(new DOMException("signal is aborted without reason", "AbortError"))).toBe(false);
  });
});
