// npm run bench:lighthouse: Lighthouse performance and accessibility scores per screen and for the
// sign-in page, against the built server in production mode, driving Chromium (CHROMIUM_PATH or the PATH's).
// Desktop settings, signed in as the demo Admin through a Cookie header. Targets: ≥ 95 / ≥ 95.
import "../server/require-node"; // first: refuses an older Node before anything loads
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import { NAV } from "../app/components/shell/nav";
import { CHROMIUM_ARGS, chromiumPath } from "./lib/chromium.mjs";
import { signIn, startServer } from "./lib/studio-server";

const PORT = Number(process.env.BENCH_PORT ?? 4151) + 1;
const server = await startServer({ port: PORT, dbFile: `/tmp/studio-lighthouse-${PORT}.db` });
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath({ full: true }),
  chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
});
try {
  const cookie = await signIn(server.url);
  const routes = [{ label: "Sign in", path: "/login", cookie: "" }, ...NAV.map((n) => ({ label: n.label, path: n.to, cookie }))];
  console.log(`${"route".padEnd(16)} ${"path".padEnd(12)} performance accessibility`);
  for (const route of routes) {
    const result = await lighthouse(
      `${server.url}${route.path}`,
      {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
        extraHeaders: route.cookie ? { Cookie: route.cookie } : undefined,
      },
      desktopConfig,
    );
    const cats = result!.lhr.categories;
    if (result!.lhr.runtimeError) console.log(`  (${route.path}: ${result!.lhr.runtimeError.code} ${result!.lhr.runtimeError.message})`);
    const score = (c: { score: number | null } | undefined) => (c?.score == null ? "n/a" : String(Math.round(c.score * 100)));
    console.log(
      `${route.label.padEnd(16)} ${route.path.padEnd(12)} ${score(cats.performance).padStart(11)} ${score(cats.accessibility).padStart(13)}`,
    );
  }
  console.log("Targets: performance ≥ 95, accessibility ≥ 95 (desktop preset; scores move with machine load).");
} finally {
  await chrome.kill();
  await server.stop();
}
