// An Admin connects a Facebook Page with the team's Meta app against the fake Graph API on loopback
// (decision 051): at phone width and by keyboard, enters the app, goes through Facebook's consent
// page, chooses one of the Pages the member manages, and comes back connected. No secret or token
// reaches the browser.
import { E2E } from "./env";
import { expect, test } from "./fixtures";
import { startFakeMeta, type FakeMeta } from "../tests/fake-meta";

let fake: FakeMeta;

test.beforeAll(async ({ server }) => {
  fake = await startFakeMeta(E2E.metaPort(Number(new URL(server.url).port)));
  fake.apps.set("4815162342", "e2e-meta-secret-3b9d");
  fake.pages = [
    { id: "101", name: "Bright Path Coffee" },
    { id: "202", name: "Bright Path Books" },
  ];
});
test.afterAll(() => fake.close());

test.use({ viewport: { width: 375, height: 800 } });

test("connect a Facebook Page: the consent page, then the Page chosen by keyboard", async ({ page }) => {
  await page.goto("/settings?tab=integrations");
  const facebook = page.locator('[data-platform="facebook"]');
  // Beside the redirect address, the two callback addresses Meta's app settings ask for.
  await expect(facebook.getByTestId("callback-addresses")).toContainText(
    `Deauthorize callback URL:${new URL(page.url()).origin}/networks/meta/deauthorize`,
  );
  await expect(facebook.getByTestId("callback-addresses")).toContainText("/networks/meta/data-deletion");
  await facebook.getByLabel("Client id").fill("4815162342");
  await facebook.getByLabel("Client secret").fill("e2e-meta-secret-3b9d");
  await facebook.getByLabel("Client secret").press("Enter");
  await expect(facebook.getByText("App saved.", { exact: false })).toBeVisible();

  await facebook.getByRole("button", { name: "Connect Facebook account" }).focus();
  await Promise.all([page.waitForURL(/\/settings\?tab=integrations&choose=facebook$/, { timeout: 20_000 }), page.keyboard.press("Enter")]);
  const choice = facebook.getByRole("group", { name: "Post to Facebook as" });
  await choice.getByRole("radio", { name: "Bright Path Coffee" }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(choice.getByRole("radio", { name: "Bright Path Books" })).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(facebook.getByRole("button", { name: "Connect this account" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(facebook.getByTestId("connection-state")).toHaveText("Connected as Bright Path Books");
  await expect(facebook.getByTestId("account-choice")).toHaveCount(0);
  const html = await page.content();
  expect(html).not.toContain("e2e-meta-secret-3b9d");
  expect(html).not.toMatch(/page-[0-9a-f]{24}/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
