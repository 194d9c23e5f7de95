// npm run bench:keystroke: how long a keystroke typed in one browser takes to appear in a second
// browser on the same item (two Playwright contexts, two members, KEYSTROKES keys 60 ms apart).
// Prints p50/p95/max. Env: BENCH_PORT (4170), KEYSTROKES (200).
import "../server/require-node"; // first: refuses an older Node before anything loads
import { chromium } from "@playwright/test";
import { chromiumPath } from "./lib/chromium.mjs";
import { percentile } from "./lib/stats";
import { signIn, startServer } from "./lib/studio-server";

const PORT = Number(process.env.BENCH_PORT ?? 4170);
const KEYSTROKES = Number(process.env.KEYSTROKES ?? 200);
const ITEM = "content-040";

const server = await startServer({ port: PORT, dbFile: `/tmp/studio-bench-keystroke-${PORT}.db` });
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-renderer-backgrounding"],
});
try {
  const pages = [];
  for (const email of ["sarah@studio.test", "marcus@studio.test"]) {
    const [name, value] = (await signIn(server.url, email)).split("=");
    const context = await browser.newContext();
    await context.addCookies([{ name, value, url: server.url }]);
    const page = await context.newPage();
    await page.goto(`${server.url}/editor?id=${ITEM}`);
    await page.getByRole("status").filter({ hasText: "All changes saved" }).waitFor();
    pages.push(page);
  }
  const [writer, reader] = pages;
  // The reader notes when each new count of typed "x" first appears (carets' name labels hold no x).
  const count = () => document.querySelector(".ProseMirror")!.textContent!.split("x").length - 1;
  await reader.evaluate(() => {
    const body = document.querySelector('.ProseMirror[aria-label="Content body"]')!;
    const seen: [number, number][] = [];
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    new MutationObserver(() => seen.push([Date.now(), body.textContent!.split("x").length - 1])).observe(body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  const start = await reader.evaluate(count);
  await writer.locator(".ProseMirror p").first().click();
  await writer.keyboard.press("End");
  const sent: number[] = [];
  for (let i = 0; i < KEYSTROKES; i++) {
    sent.push(Date.now());
    await writer.keyboard.press("x");
    await writer.waitForTimeout(60);
  }
  await reader.waitForFunction((n) => document.querySelector(".ProseMirror")!.textContent!.split("x").length - 1 >= n, start + KEYSTROKES);
  const seen = await reader.evaluate(() => (window as unknown as { __seen: [number, number][] }).__seen);
  const latencies = sent.map((t, i) => seen.find(([, length]) => length >= start + i + 1)![0] - t).sort((a, b) => a - b);
  console.log(`keystroke → second browser, ${KEYSTROKES} keystrokes on ${ITEM}:`);
  console.log(`p50 ${percentile(latencies, 50)} ms · p95 ${percentile(latencies, 95)} ms · max ${latencies.at(-1)} ms`);
} finally {
  await browser.close();
  await server.stop();
}
