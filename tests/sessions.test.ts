import { beforeEach, describe, expect, it } from "vitest";
import { loader as dashboard } from "~/routes/_index";
import { SAMPLE, cookieFor, freshSeed, get, run } from "./route-helpers";

beforeEach(() => freshSeed());

describe("route helpers", () => {
  it("a session cookie opens the dashboard; none redirects to sign-in", async () => {
    expect((await run(dashboard, get("/", await cookieFor(SAMPLE.Admin)))).status).toBe(200);
    const anonymous = await run(dashboard, get("/"));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/login");
  });
});
