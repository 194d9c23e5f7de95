// Regenerates docs/screens/: every screen at 390 px (phone, touch) and 768 px (tablet), plus the open
// drawer, against a running server. Usage: node scripts/screens.mjs [baseUrl] (default http://localhost:3000;
// build, migrate and seed first). Signs in as the demo Admin (AS, PASSWORD override).
import { launchChromium } from "./lib/chromium.mjs";
import fs from "node:fs";

const base = process.argv[2] ?? "http://localhost:3000";
const out = "docs/screens";
const SCREENS = [
  ["dashboard", "/"],
  ["editor", "/editor"],
  ["workflow", "/workflow"],
  ["library", "/library"],
  ["library-calendar", "/library?view=calendar"],
  ["analytics", "/analytics"],
  ["settings", "/settings"],
  ["settings-website", "/settings/website"],
];
const SIZES = [
  { width: 390, height: 844, isMobile: true, hasTouch: true },
  { width: 768, height: 1024, isMobile: false, hasTouch: true },
];

fs.mkdirSync(out, { recursive: true });
const browser = await launchChromium();
for (const { width, height, ...device } of SIZES) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1, ...device });
  const page = await context.newPage();
  await page.goto(new URL("/login", base).href);
  await page.getByLabel("Email").fill(process.env.AS ?? "sarah@studio.test");
  await page.getByLabel("Password").fill(process.env.PASSWORD ?? "studio-demo-2026");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/login"));
  for (const [name, path] of SCREENS) {
    await page.goto(new URL(path, base).href, { waitUntil: "networkidle" });
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await page.screenshot({ path: `${out}/${name}-${width}.png` });
    console.log(`${out}/${name}-${width}.png${wide > 0 ? `  (scrolls sideways by ${wide} px!)` : ""}`);
  }
  await page.goto(new URL("/", base).href, { waitUntil: "networkidle" });
  await page.getByRole("link", { name: "Menu", exact: true }).click();
  await page.getByRole("navigation", { name: "Main" }).waitFor();
  await page.waitForTimeout(300); // the slide-in
  await page.screenshot({ path: `${out}/drawer-${width}.png` });
  console.log(`${out}/drawer-${width}.png`);
  await context.close();
}
await browser.close();
