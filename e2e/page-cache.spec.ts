import { expect, test } from "./fixtures";
import { authFile } from "./accounts";
import { postForm } from "./utils";

// Decision 012: a repeat view of a page may come from the page cache, but never after a change.
const SEARCH = "/library?q=seo%20trends";

test("a repeat view is served from the cache with its own nonce; another member's change shows at once", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto(SEARCH);
  await expect(page.getByTestId("content-card")).toHaveCount(1);
  // A view can still miss when something wrote meanwhile (its own once-a-minute session touch, the runner).
  let repeat = (await page.goto(SEARCH))!;
  for (let tries = 0; tries < 5 && repeat.headers()["x-studio-cache"] !== "hit"; tries++) repeat = (await page.goto(SEARCH))!;
  expect(repeat.headers()["x-studio-cache"]).toBe("hit");
  const nonce = /'nonce-([^']+)'/.exec(repeat.headers()["content-security-policy"])![1];
  const scripts = (await repeat.text()).match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

  const href = await page.getByTestId("content-card").getByRole("link").first().getAttribute("href");
  const id = new URL(href!, baseURL).searchParams.get("id")!;
  const editor = await browser.newContext({ storageState: authFile("Editor") });
  const duplicated = await postForm(editor.request, baseURL!, "/library", { intent: "duplicate", id });
  expect(duplicated.status()).toBe(302); // to the copy, in the editor
  const copyId = new URL(duplicated.headers().location, baseURL).searchParams.get("id")!;

  const after = (await page.goto(SEARCH))!;
  expect(after.headers()["x-studio-cache"]).toBe("miss");
  await expect(page.getByTestId("content-card")).toHaveCount(2);
  await expect(page.getByTestId("content-card").filter({ hasText: "(copy)" })).toHaveCount(1);

  // Leave the seed as it was for the specs after this one.
  expect((await postForm(editor.request, baseURL!, "/library", { intent: "delete", id: copyId })).status()).toBe(200);
  await editor.close();
  await page.goto(SEARCH);
  await expect(page.getByTestId("content-card")).toHaveCount(1);
});

test("client-side navigation data is cached too, and a hard reload renders afresh", async ({ page }) => {
  await page.goto("/");
  const data = page.waitForResponse((r) => r.url().includes("/settings.data"));
  await page.getByRole("navigation").getByRole("link", { name: "Settings" }).click();
  expect((await data).status()).toBe(200);
  await expect(async () => {
    await page.goto("/");
    const again = page.waitForResponse((r) => r.url().includes("/settings.data"));
    await page.getByRole("navigation").getByRole("link", { name: "Settings" }).click();
    expect((await again).headers()["x-studio-cache"]).toBe("hit");
  }).toPass({ intervals: [100], timeout: 15_000 });

  const fresh = await page.request.get("/settings", { headers: { "Cache-Control": "no-cache" } });
  expect(fresh.headers()["x-studio-cache"]).toBe("miss");
});

test("relative times print the same in the server's HTML and in the browser, even minutes later", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
  page.on("pageerror", (e) => problems.push(e.message));
  // The browser's clock runs five minutes ahead of the server's, as a cached or slow page could be.
  await page.clock.setFixedTime(Date.now() + 5 * 60_000);
  const response = (await page.goto("/settings?tab=security"))!;
  const served = /signed in <!-- -->([^<]+)<!-- --> · last active <!-- -->([^<]+)</.exec(await response.text());
  expect(served, "the server's text for this session").not.toBeNull();
  await page.waitForFunction(
    () => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized,
  );
  await expect(page.getByTestId("sessions").getByText(`signed in ${served![1]} · last active ${served![2]}`).first()).toBeVisible();
  expect(problems.filter((p) => /#418|#423|#425|hydrat/i.test(p))).toEqual([]);
});
