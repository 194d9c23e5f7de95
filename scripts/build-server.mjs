// Bundles what production runs with plain node (after `remix build`): the server with the Remix build
// inside (one process, decision 036), the migrations runner and the seed. The image then needs only
// the externals of scripts/bundle-options.mjs.
import { build } from "esbuild";
import { common } from "./bundle-options.mjs";

// Each bundle imports the runtime guard first (server/require-node.ts, a file of its own): a static
// import runs before the bundle's externals (better-sqlite3, Prisma) load, bundled code only after.
// ("sideEffects": false makes esbuild drop the sources' own bare import of it: the banner stands in.)
const guarded = {
  ...common,
  banner: { js: `import "./require-node.js"; ${common.banner.js}` },
  logOverride: { ...common.logOverride, "ignored-bare-import": "silent" },
};

await Promise.all([
  build({ ...common, entryPoints: { "require-node": "server/require-node.ts" }, outdir: "build" }),
  build({
    ...guarded,
    stdin: {
      contents: 'import * as remixBuild from "./build/index.js";\nimport { serve } from "./server/serve.ts";\nawait serve(remixBuild);\n',
      resolveDir: process.cwd(),
      sourcefile: "server-entry.ts",
      loader: "ts",
    },
    outfile: "build/server.js",
  }),
  build({
    ...guarded,
    entryPoints: { migrate: "server/migrate.ts", "seed-if-empty": "prisma/seed-if-empty.ts" },
    outdir: "build",
  }),
]);
