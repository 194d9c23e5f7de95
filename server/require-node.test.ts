// The runtime guard (server/require-node.ts): an older Node than package.json's engines is refused
// with one line before the script loads anything; the machine's own Node 20, where there is one,
// runs db-copy (which once segfaulted there after migrating its target) and is refused.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { nodeVersionProblem } from "./require-node";

const engines = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { engines: { node: string } }).engines.node;

describe("nodeVersionProblem", () => {
  it("names the Node found and the one needed when it is older", () => {
    expect(nodeVersionProblem("20.20.2", ">=24")).toBe("The studio needs Node >=24 (package.json engines); this is Node 20.20.2.");
    expect(nodeVersionProblem("v24.0.5", ">=24.1")).toMatch(/needs Node >=24\.1 .* this is Node 24\.0\.5\.$/);
  });

  it("lets the needed Node and newer ones run, and leaves ranges it does not read to npm", () => {
    for (const found of ["24.0.0", "24.21.0", "25.1.0"]) expect(nodeVersionProblem(found, ">=24")).toBeNull();
    expect(nodeVersionProblem("24.1.0", ">=24.1.0")).toBeNull();
    expect(nodeVersionProblem("20.20.2", "^24 || ^26")).toBeNull();
  });
});

/** The machine's own Node when it is older than engines (Node 20 on the build machines), else null. */
function olderNode(): string | null {
  for (const candidate of ["/usr/bin/node", "/usr/local/bin/node"]) {
    if (!fs.existsSync(candidate) || fs.realpathSync(candidate) === fs.realpathSync(process.execPath)) continue;
    const version = spawnSync(candidate, ["-p", "process.versions.node"], { encoding: "utf8" }).stdout.trim();
    if (version && nodeVersionProblem(version, engines)) return candidate;
  }
  return null;
}
const older = olderNode();

describe("an entry script on an older Node", () => {
  it.skipIf(!older)(`exits 1 with one line before db-copy touches anything${older ? "" : " (skipped: no older Node here)"}`, () => {
    const run = spawnSync(older!, ["--import", "tsx", "scripts/db-copy.ts", "--to", "postgresql://postgres@127.0.0.1:1/never"], {
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(/^The studio needs Node >=24 \(package.json engines\); this is Node \d+\./),
    ]);
    expect(run.stdout).toBe("");
  });

  it("runs on the studio's own Node: the guard lets it through", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "server/require-node.ts"], { encoding: "utf8" });
    expect([run.status, run.stderr]).toEqual([0, ""]);
  });
});
