// Bundles what production runs with plain node (after `remix build`): the server with the Remix build
// inside (one process, decision 036), the migrations runner and the seed. The image then needs only
// the externals of scripts/bundle-options.mjs.
import { build } from "esbuild";
import { common } from "./bundle-options.mjs";

await Promise.all([
  build({
    ...common,
    stdin: {
      contents: 'import * as remixBuild from "./build/index.js";\nimport { serve } from "./server/serve.ts";\nawait serve(remixBuild);\n',
      resolveDir: process.cwd(),
      sourcefile: "server-entry.ts",
      loader: "ts",
    },
    outfile: "build/server.js",
  }),
  build({
    ...common,
    entryPoints: { migrate: "server/migrate.ts", "seed-if-empty": "prisma/seed-if-empty.ts" },
    outdir: "build",
  }),
]);
