// How scripts/build-server.mjs bundles the server for plain node; tests bundle with the same options.
/** Cannot be bundled: native addons (better-sqlite3 found by `bindings`, resvg's prebuilt binary), Prisma's client, which reads its wasm and schema beside itself, and pg (its optional pg-native), loaded only on PostgreSQL. */
export const EXTERNAL = ["better-sqlite3", "@prisma/client", ".prisma/client", "@resvg/resvg-js", "pg", "@prisma/adapter-pg"];

/** @type {import("esbuild").BuildOptions} */
export const common = {
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
