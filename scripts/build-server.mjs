// Bundles what production runs with plain node (after `remix build`): the front process, the app
// server with the Remix build inside, the migrations runner, the seed and the ingestion worker. The image then needs only
// the externals of scripts/bundle-options.mjs.
import { build } from "esbuild";
import { common } from "./bundle-options.mjs";

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
