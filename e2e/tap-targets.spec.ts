// Issue 56: every target on every screen is at least 24 × 24 px (WCAG 2.2 AA 2.5.8, read strictly:
// the target itself, not its spacing), at 390 and 1440 px: the six screens, the calendar, each
// Settings tab and page.
import { expect, test } from "./fixtures";
import { SCREENS } from "./routes";
import { smallTargets } from "./tap-targets";
import { createChannelPost, deleteChannelPost, itemWithoutPosts } from "./factory";
import { SETTINGS_TABS } from "../app/components/settings/settings-tabs";

const PAGES = [
  ...SCREENS.map((s) => s.path),
  "/library?view=calendar",
  ...SETTINGS_TABS.map((t) => `/settings?tab=${t.id}`),
  "/settings/approvals",
  "/settings/audit",
  "/settings/website",
];

const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

for (const viewport of SIZES)
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport, hasTouch: true });
    // The calendar shows posts (the seed has none this month): a scheduled one and a failed one.
    const posts: string[] = [];
    test.beforeEach(({ db }) => {
      const item = itemWithoutPosts(db);
      const at = new Date(Date.now() + 86_400_000);
      at.setUTCHours(12, 0, 0, 0);
      posts.push(createChannelPost(db, { contentId: item.id, channel: "twitter", status: "scheduled", scheduledAt: at }));
      posts.push(createChannelPost(db, { contentId: item.id, channel: "linkedin", status: "failed", scheduledAt: at }));
    });
    test.afterEach(({ db }) => posts.splice(0).forEach((id) => deleteChannelPost(db, id)));

    for (const path of PAGES)
      test(`every target on ${path} is at least 24 × 24 px`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole("main")).toBeVisible();
        const small = await smallTargets(page);
        expect(small.map((t) => `${t.what} ${t.width}×${t.height}`)).toEqual([]);
      });
  });
