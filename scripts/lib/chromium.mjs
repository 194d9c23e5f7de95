// The Chromium the browser tests and scripts drive: CHROMIUM_PATH when set, otherwise a Chromium on
// the PATH. Launched with no sandbox (root) and no calls home (the network is closed).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * The old headless shell first: it drives the same Blink and V8 without the full browser around them,
 * and ran the Playwright suite in about 60 % of the full Chromium's time here. Lighthouse wants the
 * full browser (`full: true`).
 */
const SHELL = "chromium-headless-shell";
const FULL = ["chromium", "chromium-browser"];
export const CHROMIUM_MISSING =
  "No Chromium found: set CHROMIUM_PATH, or install one on the PATH (Debian: apt-get install chromium-headless-shell chromium; macOS: brew install --cask chromium).";

/** @returns {string | null} the executable to launch, or null when there is none */
export function findChromium(env = process.env, { full = false } = {}) {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  const dirs = (env.PATH ?? "").split(path.delimiter).filter(Boolean);
  for (const name of full ? FULL : [SHELL, ...FULL]) {
    for (const dir of dirs) {
      const file = path.join(dir, name);
      try {
        fs.accessSync(file, fs.constants.X_OK);
        return file;
      } catch {
        // not here; keep looking
      }
    }
  }
  return null;
}

/** The executable, or an error whose one line says what to install. */
export function chromiumPath(options = {}) {
  const found = findChromium(process.env, options);
  if (!found) throw new Error(CHROMIUM_MISSING);
  return found;
}

/** Playwright is loaded only here, so the lookup above runs before `npm ci` (.ci/run). */
export async function launchChromium() {
  const { chromium } = await import("@playwright/test");
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

// `node scripts/lib/chromium.mjs` prints the path, or the one line and exits 1 (scripts/test.sh, .ci/run).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const found = findChromium();
  if (found) console.log(found);
  else {
    console.error(CHROMIUM_MISSING);
    process.exit(1);
  }
}
