// Copies packages with everything they depend on (dependencies and installed optional ones) from
// ./node_modules into a runtime folder, for the image's runtime stage (Dockerfile).
// Usage: node scripts/copy-modules.mjs <destination node_modules> <package> [package …]
import fs from "node:fs";
import path from "node:path";

const [destination, ...wanted] = process.argv.slice(2);
if (!destination || wanted.length === 0) {
  console.error("usage: node scripts/copy-modules.mjs <destination node_modules> <package> [package …]");
  process.exit(2);
}

/** The folder of `name` as node resolves it from `fromDir`, or null when it is not installed. */
function packageDir(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", name);
    if (fs.existsSync(path.join(candidate, "package.json"))) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}

const root = process.cwd();
const copied = new Set();
const pending = wanted.map((name) => ({ name, from: root, required: true }));
while (pending.length) {
  const { name, from, required } = pending.pop();
  const dir = packageDir(name, from);
  if (!dir) {
    if (required) throw new Error(`${name} is not installed (needed from ${path.relative(root, from) || "."})`);
    continue;
  }
  if (copied.has(dir)) continue;
  copied.add(dir);
  const target = path.join(destination, path.relative(path.join(root, "node_modules"), dir));
  fs.cpSync(dir, target, { recursive: true, dereference: true });
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
  for (const dep of Object.keys(pkg.dependencies ?? {})) pending.push({ name: dep, from: dir, required: true });
  for (const dep of Object.keys(pkg.optionalDependencies ?? {})) pending.push({ name: dep, from: dir, required: false });
}
console.log(`copied ${copied.size} packages into ${destination}`);
