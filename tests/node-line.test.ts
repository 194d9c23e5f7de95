// The studio, its tests and its image run on the Node line package.json's `engines` names: on a
// machine whose own Node is older, npm ci installs that line (runtime/, decision 037) and npm's
// scripts run it.
import fs from "node:fs";
import { describe, expect, it } from "vitest";

describe("the Node the tests run on", () => {
  it("is the line package.json supports", () => {
    const { engines } = JSON.parse(fs.readFileSync("package.json", "utf8")) as { engines: { node: string } };
    const supported = Number(/^>=(\d+)$/.exec(engines.node)?.[1]);
    expect(supported).toBeGreaterThanOrEqual(24);
    expect(Number(process.versions.node.split(".")[0])).toBeGreaterThanOrEqual(supported);
  });
});
