// Bundles what production runs with plain node (after `remix build`): the front process, the app
// server with the Remix build inside, the migrations runner and the seed. The image then needs only the externals below.
import { build } from "esbuild";

/** Cannot be bundled: native addons (better-sqlite3 found by `bindings`, resvg's prebuilt binary), and Prisma's client, which reads its wasm and schema beside itself. */
export const EXTERNAL = ["better-sqlite3", "@prisma/client", ".prisma/client", "@resvg/resvg-js"];

const common = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  external: EXTERNAL,
  // A production bundle: React's and Remix's development code is dropped, not just unused.
  define: { "process.env.NODE_ENV": '"production"' },
  // CommonJS packages inside an ESM bundle still call require() for node's built-ins.
  banner: {
    js: 'import { createRequire as __studioRequire } from "node:module"; const require = __studioRequire(import.meta.url); process.env.NODE_ENV ??= "production";',
  },
  logLevel: "warning",
  // express's view engine lookup requires by name; the studio renders no views.
  logOverride: { "unsupported-require-call": "silent" },
};

await Promise.all([
  // The front process (decision 028): the tracker's endpoints, and the app process behind it, started from beside it.
  build({
    ...common,
    stdin: {
      contents:
        'import { startFront } from "./server/front.ts";\nawait startFront(new URL("./app-server.js", import.meta.url).pathname);\n',
      resolveDir: process.cwd(),
      sourcefile: "front-entry.ts",
      loader: "ts",
    },
    outfile: "build/server.js",
  }),
  build({
    ...common,
    stdin: {
      contents:
        'import * as remixBuild from "./build/index.js";\nimport { startServer } from "./server/app.ts";\nawait startServer(remixBuild);\n',
      resolveDir: process.cwd(),
      sourcefile: "server-entry.ts",
      loader: "ts",
    },
    outfile: "build/app-server.js",
  }),
  build({
    ...common,
    entryPoints: {
      migrate: "server/migrate.ts",
      "seed-if-empty": "prisma/seed-if-empty.ts",
      // The front's ingestion worker thread (decision 033), started from beside build/server.js.
      "ingest-worker": "app/jobs/ingest-worker.server.ts",
    },
    outdir: "build",
  }),
]);
