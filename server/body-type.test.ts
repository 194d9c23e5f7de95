import { describe, expect, it } from "vitest";
import { hasFormBody } from "./body-type";

describe("form bodies only", () => {
  it.each([
    ["GET", undefined, true],
    ["POST", "application/x-www-form-urlencoded", true],
    ["POST", "application/x-www-form-urlencoded;charset=UTF-8", true],
    ["POST", "multipart/form-data; boundary=----abc", true],
    ["POST", "multipart/form-data", false],
    ["POST", "application/json", false],
    ["POST", "text/plain", false],
    ["POST", undefined, false],
    ["DELETE", "", false],
  ])("%s with %s → %s", (method, contentType, ok) => {
    expect(hasFormBody({ method, contentType })).toBe(ok);
  });
});
