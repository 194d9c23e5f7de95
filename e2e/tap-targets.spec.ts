// Issue 56: every target on every screen is at least 24 × 24 px (WCAG 2.2 AA 2.5.8, read strictly:
// the target itself, not its spacing), on a phone at 390 px: the six screens, the calendar, each
// Settings tab and page.
import { expect, test } from "./fixtures";
import { SCREENS } from "./routes";
import { smallTargets } from "./tap-targets";
import { SETTINGS_TABS } from "../app/components/settings/settings-tabs";

const PAGES = [
  ...SCREENS.map((s) => s.path),
  "/library?view=calendar",
  ...SETTINGS_TABS.map((t) => `/settings?tab=${t.id}`),
  "/settings/approvals",
  "/settings/audit",
  "/settings/website",
];

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

for (const path of PAGES)
  test(`every target on ${path} is at least 24 × 24 px at 390 px`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("main")).toBeVisible();
    const small = await smallTargets(page);
    expect(small.map((t) => `${t.what} ${t.width}×${t.height}`)).toEqual([]);
  });
