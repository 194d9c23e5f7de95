// /t.js as sites load it (decision 021, 026): at most 2 kB gzipped, with the single-page navigation hooks.
import fs from "node:fs";
import { gzipSync } from "node:zlib";
import { expect, it } from "vitest";

const script = fs.readFileSync("public/t.js");

it("/t.js is at most 2 kB gzipped", () => {
  expect(gzipSync(script).length).toBeLessThanOrEqual(2048);
});

it("/t.js never touches cookies or storage", () => {
  expect(script.toString()).not.toMatch(/document\.cookie|localStorage|sessionStorage|indexedDB/);
});
