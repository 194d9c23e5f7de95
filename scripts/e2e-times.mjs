// npm run e2e:times: the slowest Playwright specs and tests of the last run (test-results/e2e-report.json),
// for keeping `npm test` within its budget (issue 34). Durations are the workers' wall time.
import fs from "node:fs";

const file = process.argv[2] ?? "test-results/e2e-report.json";
if (!fs.existsSync(file)) {
  console.error(`No ${file}: run the Playwright suite first (npx playwright test).`);
  process.exit(2);
}
const report = JSON.parse(fs.readFileSync(file, "utf8"));
const tests = [];
const walk = (suite, path) => {
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests)
      for (const result of test.results)
        tests.push({ file: spec.file, title: `${path}${spec.title}`, project: test.projectName, ms: result.duration });
  for (const child of suite.suites ?? []) walk(child, suite.title && !suite.title.endsWith(".ts") ? `${path}${suite.title} › ` : path);
};
for (const suite of report.suites) walk(suite, "");
const total = tests.reduce((sum, t) => sum + t.ms, 0);
const byFile = new Map();
for (const t of tests) byFile.set(t.file, (byFile.get(t.file) ?? 0) + t.ms);
const s = (ms) => `${(ms / 1000).toFixed(1).padStart(6)} s`;
console.log(`${tests.length} tests, ${s(total)} of worker time, ${s(report.stats.duration)} wall\n\nBy spec file:`);
for (const [f, ms] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 15))
  console.log(`${s(ms)}  ${((100 * ms) / total).toFixed(0).padStart(3)}%  ${f}`);
console.log("\nSlowest tests:");
for (const t of tests.sort((a, b) => b.ms - a.ms).slice(0, 15)) console.log(`${s(t.ms)}  [${t.project}] ${t.file} › ${t.title}`);
