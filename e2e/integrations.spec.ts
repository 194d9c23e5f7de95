import { expect, test } from "./fixtures";

const card = (page: import("@playwright/test").Page, id: string) => page.locator(`[data-platform="${id}"]`);

test("connect a platform with a webhook; the secret never reaches the browser", async ({ page }) => {
  await page.goto("/settings?tab=integrations");
  await page.getByRole("button", { name: "Connect Facebook" }).click();
  const facebook = card(page, "facebook");
  await facebook.getByLabel("Publishing webhook URL (optional)").fill("not a url");
  await facebook.getByRole("button", { name: "Connect Facebook" }).click();
  await expect(facebook.getByLabel("Account handle")).toHaveAccessibleDescription("Enter the account handle.");
  await expect(facebook.getByLabel("Publishing webhook URL (optional)")).toHaveAccessibleDescription(/Enter a full URL/);

  await facebook.getByLabel("Account handle").fill("StudioHQ");
  await facebook.getByLabel("Publishing webhook URL (optional)").fill("https://hooks.example.com/publish?token=very-private");
  await facebook.getByLabel("Signing secret (optional)").fill("s3cret-signing-key");
  await facebook.getByRole("button", { name: "Connect Facebook" }).click();
  await expect(facebook).toContainText("Connected as StudioHQ");
  await expect(facebook.getByTestId("connection-state")).toHaveText("Connected as StudioHQ · posts to hooks.example.com (signed)");

  await page.reload();
  await expect(card(page, "facebook")).toContainText("Connected as StudioHQ");
  await expect(card(page, "facebook").getByTestId("disconnect")).toBeVisible();
  const html = await page.content();
  expect(html).not.toContain("very-private");
  expect(html).not.toContain("s3cret-signing-key");
});

test("disconnect a platform and it stays disconnected", async ({ page }) => {
  await page.goto("/settings?tab=integrations");
  await card(page, "twitter").getByText("Disconnect", { exact: true }).click(); // asks first
  await expect(card(page, "twitter")).toContainText("Stop posting to X?");
  // The seeded X channel has no token: it says so instead of claiming a connection.
  await expect(card(page, "twitter").getByTestId("connection-state")).toHaveText("Linked as @studiohq: posts wait to be posted by hand");
  await card(page, "twitter").getByRole("button", { name: "Disconnect X" }).click();
  await expect(card(page, "twitter").getByRole("button", { name: "Connect X", exact: true })).toBeVisible();
  await expect(card(page, "twitter").getByTestId("disconnect")).toHaveCount(0);
  await page.reload();
  await expect(card(page, "twitter")).toContainText("Not connected");
  await expect(card(page, "twitter").getByRole("button", { name: "Connect X", exact: true })).toBeVisible();
});
