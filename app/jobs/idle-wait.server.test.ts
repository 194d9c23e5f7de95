import { describe, expect, it } from "vitest";
import { IdleWait } from "./idle-wait.server";

describe("IdleWait", () => {
  it("ends on a nudge, on a commit since mark(), or at its due time", async () => {
    let version = 1;
    const idle = new IdleWait({ minMs: 5, maxMs: 20, version: () => version });
    await idle.mark();
    const nudged = idle.wait(Infinity);
    idle.nudge();
    expect(await nudged).toBe("nudged");

    const changed = idle.wait(Infinity);
    version = 2;
    expect(await changed).toBe("changed");

    await idle.mark();
    expect(await idle.wait(Date.now() + 30)).toBe("due");
  });

  it("checks the version less often while nothing changes", async () => {
    let checks = 0;
    const idle = new IdleWait({ minMs: 5, maxMs: 40, version: () => (checks++, 7) });
    await idle.mark();
    checks = 0;
    await idle.wait(Date.now() + 200);
    // 5, 10, 20, 40, 40, 40… ms: about 7 checks in 200 ms, where a fixed 5 ms poll makes 40.
    expect(checks).toBeLessThan(12);
  });

  it("counts an unreadable version as a change", async () => {
    const idle = new IdleWait({
      minMs: 5,
      maxMs: 5,
      version: () => {
        throw new Error("no file");
      },
    });
    await idle.mark();
    expect(await idle.wait(Infinity)).toBe("changed");
  });
});
