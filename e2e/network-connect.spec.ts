// An Admin connects X with the team's own app against the fake network on loopback (decision 042):
// enters the app at phone width by keyboard, sees the redirect address to register, goes through the
// consent page and comes back connected. The secret never reaches the browser. Mastodon (decision
// 045): the studio registers itself on the typed instance, whose consent page CSP must then allow.
import { E2E } from "./env";
import { expect, test } from "./fixtures";
import { startFakeNetwork, type FakeNetwork } from "../tests/fake-network";

let fake: FakeNetwork;

test.beforeAll(async ({ server }) => {
  fake = await startFakeNetwork(E2E.networkPort(Number(new URL(server.url).port)));
  fake.apps.set("e2e-x-client", "e2e-x-secret-7a1c");
});
test.afterAll(() => fake.close());

test.use({ viewport: { width: 375, height: 800 } });

test("connect X through its consent page and come back connected", async ({ page, server }) => {
  await page.goto("/settings?tab=integrations");
  const x = page.locator('[data-platform="twitter"]');
  await expect(x.getByTestId("redirect-uri")).toHaveText(`${server.url}/settings/networks/callback`);

  await x.getByLabel("Client id").fill("e2e-x-client");
  await x.getByLabel("Client secret").fill("e2e-x-secret-7a1c");
  await x.getByLabel("Client secret").press("Enter");
  await expect(x.getByText("App saved.", { exact: false })).toBeVisible();
  await expect(x.getByLabel("Client secret")).toHaveValue("");

  await x.getByRole("button", { name: "Connect X account" }).focus();
  // Three hops (the studio, the fake consent page, the callback's code exchange): a full-page journey.
  await Promise.all([
    page.waitForURL(/\/settings\?tab=integrations&connected=twitter$/, { timeout: 20_000 }),
    page.keyboard.press("Enter"),
  ]);
  const connected = page.locator('[data-platform="twitter"]');
  await expect(connected.getByTestId("connection-state")).toHaveText("Connected as @brightpath · expires in 1 day");
  expect(await page.content()).not.toContain("e2e-x-secret-7a1c");
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("register on a Mastodon instance and connect through its consent page", async ({ page }) => {
  // The fake under another name than X's, so the consent page's origin is allowed only by the registration.
  const instance = fake.base.replace("127.0.0.1", "localhost");
  const host = new URL(instance).host;
  await page.goto("/settings?tab=integrations");
  const mastodon = page.locator('[data-platform="mastodon"]');
  await mastodon.getByLabel("Instance address").fill(instance);
  await Promise.all([
    page.waitForURL(/\/settings\?tab=integrations&registered=mastodon$/),
    mastodon.getByLabel("Instance address").press("Enter"),
  ]);
  await expect(mastodon.getByText(`Registered on ${host}`)).toBeVisible();
  expect(fake.mastodonApps).toHaveLength(1);

  await mastodon.getByRole("button", { name: "Connect Mastodon account" }).focus();
  await Promise.all([
    page.waitForURL(/\/settings\?tab=integrations&connected=mastodon$/, { timeout: 20_000 }),
    page.keyboard.press("Enter"),
  ]);
  await expect(mastodon.getByTestId("connection-state")).toHaveText(`Connected as @brightpath@${host}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
