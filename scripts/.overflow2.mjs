import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu"] });
const ctx = await browser.newContext({ viewport: { width: 631, height: 800 }, javaScriptEnabled: process.env.NOJS ? false : true }); const page = await ctx.newPage();
await page.goto("http://localhost:3550/login");
await page.getByLabel("Email").fill("sarah@studio.test");
await page.getByLabel("Password").fill("studio-demo-2026");
await page.getByRole("button", { name: "Sign in" }).click();
await page.waitForURL((u) => !u.pathname.startsWith("/login"));
await page.goto("http://localhost:3550/" + process.argv[2]);
console.log(await page.evaluate(() => [...document.querySelectorAll("main section")].map((s) => {
  const r = s.getBoundingClientRect();
  const wide = [...s.querySelectorAll("*")].filter(e => e.getBoundingClientRect().right > r.right + 1).slice(0,4).map(e => e.tagName + "." + String(e.className).slice(0,50) + ":" + Math.round(e.getBoundingClientRect().right));
  return `${s.getAttribute("aria-label")} ${Math.round(r.width)} sw=${s.scrollWidth} cw=${s.clientWidth} ${wide.join(" | ")}`;
}).join("\n")));
await page.screenshot({ path: "/tmp/w631.png", fullPage: true });
await browser.close();
