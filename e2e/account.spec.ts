import { expect, test } from "./fixtures";
import { DEMO_PASSWORD, MEMBERS, expectSignedInAs, signIn } from "./accounts";
import { postForm } from "./utils";

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("every screen asks for sign-in and returns to it afterwards", async ({ page }) => {
    await page.goto("/analytics?range=7");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fanalytics%3Frange%3D7$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await page.getByLabel("Email").fill(MEMBERS.Admin.email);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/analytics\?range=7$/);
    await expectSignedInAs(page, MEMBERS.Admin.name);
  });

  test("a wrong password says so beside the form and keeps the email", async ({ page }) => {
    await signIn(page, MEMBERS.Admin.email, "not-the-password");
    await expect(page.getByRole("alert")).toHaveText("That email and password do not match an active account.");
    await expect(page.getByLabel("Email")).toHaveValue(MEMBERS.Admin.email);
    await signIn(page, "not an email", "x");
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Enter a valid email address, like name@company.com.");
  });

  test("repeated failures for one account get a 429 with a clear message", async ({ page, newMember }) => {
    const { email } = newMember("Writer", "Locked out");
    for (let i = 0; i < 5; i++) {
      await signIn(page, email, `wrong-${i}`);
      await expect(page.getByRole("alert")).toContainText("do not match");
    }
    await signIn(page, email, DEMO_PASSWORD);
    await expect(page.getByRole("alert")).toHaveText(/Too many failed sign-in attempts for this account\. Try again in \d+ minutes\./);
    await expect(page).toHaveURL(/\/login/);
  });
});

test("a cross-site POST is refused with 403 and changes nothing", async ({ page, baseURL }) => {
  await page.goto("/workflow");
  const button = page.getByRole("button", { name: /Workflow$/ });
  const before = await button.textContent();
  const response = await postForm(page.request, baseURL!, "/workflow", { intent: "toggle" }, "http://evil.test");
  expect(response.status()).toBe(403);
  expect(await response.text()).toContain("did not come from the studio");
  await page.reload();
  await expect(button).toHaveText(before!);
});

test("the bell lists notifications and opening it marks them read", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("unread-dot")).toBeVisible();
  const bell = page.getByRole("button", { name: /^Notifications, \d+ unread$/ });
  // Opening marks them read: wait for that post to land before reloading (the dot hides at once).
  const marked = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/notifications") && r.request().method() === "POST");
  await bell.click();
  await marked;
  const list = page.locator("#notification-list");
  await expect(list.getByRole("link", { name: /Marcus Rivera commented on/ })).toBeVisible();
  await expect(list.getByRole("link", { name: /submitted .* for review/ })).toBeVisible();
  await expect(page.getByTestId("unread-dot")).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("unread-dot")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Notifications, 0 unread" })).toBeVisible();
});

test("notification choices are saved per member and survive a reload", async ({ page }) => {
  await page.goto("/settings?tab=notifications");
  const failed = page.getByRole("switch", { name: "Workflow run failed" });
  await expect(failed).toBeChecked();
  await failed.click();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("status").first()).toHaveText("Settings saved");
  await page.reload();
  await expect(page.getByRole("switch", { name: "Workflow run failed" })).not.toBeChecked();
  await expect(page.getByRole("switch", { name: "Comments on my content" })).toBeChecked();
});

test.describe("as an Editor of his own", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("changes his password, signs out other sessions, and signs in with the new one", async ({ page, browser, newMember }) => {
    const james = newMember("Editor", "Password changer");
    const other = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    await signIn(await other.newPage(), james.email);
    await signIn(page, james.email);
    await page.goto("/settings?tab=security");
    await expect(page.getByTestId("sessions").getByRole("listitem")).toHaveCount(2);
    await expect(page.getByText("This session")).toHaveCount(1);

    await page.getByLabel("Current password").fill("wrong-password");
    await page.getByLabel("New password", { exact: true }).fill("a-much-better-secret");
    await page.getByLabel("Confirm new password").fill("a-much-better-secret");
    await page.getByRole("button", { name: "Update password" }).click();
    await expect(page.getByLabel("Current password")).toHaveAccessibleDescription("That is not your current password.");

    await page.getByLabel("Current password").fill(DEMO_PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill("a-much-better-secret");
    await page.getByLabel("Confirm new password").fill("a-much-better-secret");
    await page.getByRole("button", { name: "Update password" }).click();
    await expect(page.getByText("Password changed. Signed out 1 other session.")).toBeVisible();
    await expect(page.getByTestId("sessions").getByRole("listitem")).toHaveCount(1);

    const otherPage = await other.newPage();
    await otherPage.goto("/");
    await expect(otherPage).toHaveURL(/\/login/);
    await other.close();

    await page.getByRole("button", { name: james.name }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, james.email, DEMO_PASSWORD);
    await expect(page.getByRole("alert")).toContainText("do not match");
    await signIn(page, james.email, "a-much-better-secret");
    await expectSignedInAs(page, james.name);
  });
});
