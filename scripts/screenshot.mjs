// Usage: [AS=email] node scripts/screenshot.mjs <url> <out.png> [width] [height]
// With AS set, signs in first with the demo password (or PASSWORD).
import { launchChromium } from "./lib/chromium.mjs";

const [url, out, width = "1440", height = "900"] = process.argv.slice(2);
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
if (process.env.AS) {
  await page.goto(new URL("/login", url).href);
  await page.getByLabel("Email").fill(process.env.AS);
  await page.getByLabel("Password").fill(process.env.PASSWORD ?? "studio-demo-2026");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/login"));
}
await page.goto(url, { waitUntil: "networkidle" });
await page.screenshot({ path: out, fullPage: true });
await browser.close();
