import { describe, expect, it } from "vitest";
import { CONNECTION_LOST_MESSAGE, guarded } from "~/web/action.server";

describe("guarded", () => {
  it("answers a database connection lost through every retry as a 502 that says the write may have been stored", async () => {
    const reply = await guarded(async () => {
      throw Object.assign(new Error("Connection terminated unexpectedly"), {});
    });
    expect(reply).toMatchObject({ init: { status: 502 }, data: { ok: false, formError: CONNECTION_LOST_MESSAGE } });
  });

  it("rethrows any other error", async () => {
    const bug = new TypeError("undefined is not a function");
    await expect(guarded(() => Promise.reject(bug))).rejects.toBe(bug);
  });
});
