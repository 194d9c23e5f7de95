import { expect, test } from "./fixtures";

// Decision 026: tracker traffic leaves cached pages that do not show its figures in the cache; pages
// that show them (the dashboard) and any real change render afresh.
const SITE = "https://cache-traffic.example";
const READER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

test("tracker traffic keeps Settings cached and renders the dashboard again; a real change renders both", async ({ page, db, baseURL }) => {
  const sarah = (db.prepare(`SELECT "id" FROM "User" WHERE "email" = 'sarah@studio.test'`).get() as { id: string }).id;
  db.prepare(
    `INSERT OR IGNORE INTO "TrackedSite" ("id", "origin", "createdById", "createdAt", "workspaceId") VALUES ('e2e-cache-site', ?, ?, ?, 'first')`,
  ).run(SITE, sarah, new Date().toISOString());
  let reader = 0;
  const pageView = async () => {
    const sent = await page.request.post(`${baseURL}/api/event`, {
      headers: { Origin: SITE, "User-Agent": READER_AGENT, "Content-Type": "text/plain;charset=UTF-8" },
      data: JSON.stringify({ k: "v", u: `${SITE}/post-${reader}`, r: "", p: `e2e-cache-${Date.now()}-${reader++}` }),
    });
    expect(sent.status()).toBe(202);
  };
  const cacheOf = async (path: string) => (await page.goto(path))!.headers()["x-studio-cache"];
  // A view can miss when something else wrote meanwhile (the session's once-a-minute touch, the runner).
  const cached = async (path: string) => {
    await expect(async () => expect(await cacheOf(path)).toBe("hit")).toPass({ intervals: [100], timeout: 15_000 });
  };

  await cached("/settings");
  await expect(async () => {
    await pageView();
    expect(await cacheOf("/settings")).toBe("hit");
  }).toPass({ intervals: [100], timeout: 15_000 });

  await cached("/");
  await pageView();
  expect(await cacheOf("/")).toBe("miss");

  // Another process changes something (a plain connection, as a second server or a script would).
  await cached("/settings");
  db.prepare(`UPDATE "User" SET "name" = "name" WHERE "id" = ?`).run(sarah);
  expect(await cacheOf("/settings")).toBe("miss");
});
