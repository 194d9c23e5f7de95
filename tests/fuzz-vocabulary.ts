import fs from "node:fs";
import path from "node:path";

// What the fuzzer knows about the app, read from its source so new actions, intents and fields
// are covered without editing the tests.

const APP = path.resolve("app");

function sourceFiles(dir = APP): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(e.name) && !/\.(test|spec)\./.test(e.name) ? [full] : [];
  });
}

const sources = sourceFiles().map((f) => fs.readFileSync(f, "utf8"));
const unique = (xs: string[]) => [...new Set(xs)].sort();

/** Intent names: string literals on lines that mention an intent, and keys of HANDLERS-style tables. */
export function discoverIntents(): string[] {
  const found: string[] = [];
  for (const src of sources) {
    for (const line of src.split("\n")) {
      if (/intent|INTENTS/i.test(line)) for (const m of line.matchAll(/"([a-z][a-z-]{1,30})"/g)) found.push(m[1]);
    }
    for (const block of src.matchAll(/(?:HANDLERS|INTENT_HANDLERS|ACTIONS)[^=]*=\s*\{([^}]*)\}/g)) {
      for (const m of block[1].matchAll(/^\s*"?([a-zA-Z][\w-]*)"?\s*[:,]/gm)) found.push(m[1]);
    }
  }
  return unique(found);
}

/** Form field names: name="…" attributes, form.get("…") reads and zod object keys. */
export function discoverFields(): string[] {
  const found: string[] = [];
  for (const src of sources) {
    for (const m of src.matchAll(/\bname[=:]\s*"([a-zA-Z][\w-]*)"/g)) found.push(m[1]);
    for (const m of src.matchAll(/\.get(?:All)?\("([a-zA-Z][\w-]*)"\)/g)) found.push(m[1]);
    for (const m of src.matchAll(/^\s*([a-zA-Z]\w*):\s*z\./gm)) found.push(m[1]);
  }
  return unique(found);
}
