// Client JS per route, gzipped, from the build output (public/build and Remix's manifest).
// A route's JS is the entry, root and route modules plus every chunk they import, statically or
// lazily (import("…")), followed transitively. Budget: 150 kB, or 250 kB where chart code (nivo) loads.
// /editor (decision 022): 300 kB for what the first paint needs (static imports only); the rich editor
// and co-editing code it loads after the first paint are held to EDITOR_TOTAL_BUDGET in all.
// Exits 1 when a route is over budget, or when chart code reaches a route that is not a chart route.
// Usage: node scripts/bundle-budget.mjs [public/build]
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const BUILD_DIR = path.resolve(process.argv[2] ?? "public/build");
const KB = 1000;
const PLAIN_BUDGET = 150 * KB;
const CHART_BUDGET = 250 * KB;
/** Routes where charts render; chart code anywhere else is a failure. */
const CHART_ROUTES = new Set(["/analytics"]);
const EDITOR_FIRST_PAINT_BUDGET = 300 * KB;
// 380 kB since decision 039: the editor reads and writes Markdown with the renderer's own parser (mdast).
const EDITOR_TOTAL_BUDGET = 380 * KB;

const manifestFile = fs.readdirSync(BUILD_DIR).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) throw new Error(`No Remix manifest in ${BUILD_DIR}: run npm run build first.`);
const manifest = JSON.parse(
  fs
    .readFileSync(path.join(BUILD_DIR, manifestFile), "utf8")
    .replace(/^window\.__remixManifest=/, "")
    .replace(/;\s*$/, ""),
);

const kb = (n) => `${(n / KB).toFixed(1)} kB`;
const fileOf = (url) => path.join(BUILD_DIR, url.replace(/^\/build\//, ""));
const cache = new Map();
function chunk(url) {
  if (!cache.has(url)) {
    const source = fs.readFileSync(fileOf(url), "utf8");
    const resolve = (m) => new URL(m[1], `http://x${url}`).pathname;
    const specifiers = [...source.matchAll(/(?:from\s*|import\s*\(?\s*)["']([^"']+\.js)["']/g)].map(resolve);
    const lazy = new Set([...source.matchAll(/import\s*\(\s*["']([^"']+\.js)["']/g)].map(resolve));
    cache.set(url, { gzip: zlib.gzipSync(source).length, charts: /@nivo|nivo/.test(source), imports: specifiers, lazy });
  }
  return cache.get(url);
}

function closure(urls, { lazy = true } = {}) {
  const seen = new Set();
  const stack = [...urls];
  while (stack.length) {
    const url = stack.pop();
    if (seen.has(url)) continue;
    seen.add(url);
    stack.push(...chunk(url).imports.filter((i) => lazy || !chunk(url).lazy.has(i)));
  }
  return seen;
}

function fullPath(route) {
  const parts = [];
  for (let r = route; r; r = manifest.routes[r.parentId]) if (r.path) parts.unshift(r.path);
  return `/${parts.join("/")}`;
}

const base = [manifest.entry.module, ...manifest.entry.imports];
const rows = Object.values(manifest.routes)
  .filter((r) => r.id !== "root")
  .map((route) => {
    const root = manifest.routes.root;
    const entry = [...base, root.module, ...root.imports, route.module, ...(route.imports ?? [])];
    const files = closure(entry);
    const size = (set) => [...set].reduce((sum, f) => sum + chunk(f).gzip, 0);
    const gzip = size(files);
    const charts = [...files].some((f) => chunk(f).charts);
    const routePath = fullPath(route);
    if (routePath === "/editor") {
      const firstPaint = size(closure(entry, { lazy: false }));
      const problem =
        firstPaint > EDITOR_FIRST_PAINT_BUDGET
          ? "first paint over budget"
          : gzip > EDITOR_TOTAL_BUDGET
            ? "lazy editor code over budget"
            : "";
      console.log(
        `/editor: ${kb(firstPaint)} for the first paint (budget ${kb(EDITOR_FIRST_PAINT_BUDGET)}), ${kb(gzip)} with the rich editor loaded after it (budget ${kb(EDITOR_TOTAL_BUDGET)})`,
      );
      return { route: routePath, files: files.size, gzip: firstPaint, charts, budget: EDITOR_FIRST_PAINT_BUDGET, problem };
    }
    const budget = charts ? CHART_BUDGET : PLAIN_BUDGET;
    const problem = gzip > budget ? "over budget" : charts && !CHART_ROUTES.has(routePath) ? "chart code outside a chart route" : "";
    return { route: routePath, files: files.size, gzip, charts, budget, problem };
  })
  .sort((a, b) => a.route.localeCompare(b.route));

console.log(["route".padEnd(24), "files".padStart(5), "gzipped JS".padStart(11), "budget".padStart(9), " charts", " result"].join(" "));
for (const r of rows) {
  console.log(
    [
      r.route.padEnd(24),
      String(r.files).padStart(5),
      kb(r.gzip).padStart(11),
      kb(r.budget).padStart(9),
      (r.charts ? " yes" : " no").padEnd(7),
      r.problem ? `FAIL: ${r.problem}` : "ok",
    ].join(" "),
  );
}
const failures = rows.filter((r) => r.problem);
if (failures.length) {
  console.error(`JS budget exceeded on ${failures.map((r) => r.route).join(", ")}`);
  process.exit(1);
}
console.log(`JS budget ok on ${rows.length} routes.`);
