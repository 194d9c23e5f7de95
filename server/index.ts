// Entry for `remix dev` (run by tsx): loads the Remix build from disk at start.
// Production runs build/server.js instead, which bundles this server with the build (scripts/build-server.mjs).
import "./require-node"; // first: refuses an older Node before anything loads
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { serve } from "./serve";

const build: ServerBuild = await import(pathToFileURL(path.resolve("build/index.js")).href);
await serve(build);
