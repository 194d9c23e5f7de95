import { expect, test } from "./fixtures";
import { DEMO_PASSWORD, expectSignedInAs, signIn } from "./accounts";
import { answerToPost } from "./utils";

const row = (page: import("@playwright/test").Page, email: string) => page.locator(`[data-testid="team-member"][data-email="${email}"]`);

test("invite a member, who accepts the one-time link and signs in", async ({ page, browser }) => {
  await page.goto("/settings?tab=team");
  await page.getByRole("button", { name: "Invite Member" }).click();
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Enter a valid email address, like name@company.com.");

  await page.getByLabel("Email").fill("marcus@studio.test");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription("marcus@studio.test is already a member of the team.");

  await page.getByLabel("Email").fill("nora@studio.test");
  await page.getByLabel("Role", { exact: true }).selectOption("Editor");
  await page.getByRole("button", { name: "Send invitation" }).click();
  const link = await page.getByLabel("One-time invitation link").inputValue();
  expect(link).toMatch(/\/invite\/[\w-]{20,}$/);
  await expect(row(page, "nora@studio.test")).toContainText("Invited");

  const guest = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const newcomer = await guest.newPage();
  await newcomer.goto(link);
  await expect(newcomer.getByText("You were invited as Editor.")).toBeVisible();
  await newcomer.getByLabel("Your name").fill("Nora Lind");
  await newcomer.getByLabel("Password", { exact: true }).fill("short");
  await newcomer.getByRole("button", { name: "Join and sign in" }).click();
  await expect(newcomer.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(/Use at least 10 characters\./);
  await newcomer.getByLabel("Password", { exact: true }).fill("nora-secret-123");
  await newcomer.getByLabel("Confirm password").fill("nora-secret-123");
  await newcomer.getByRole("button", { name: "Join and sign in" }).click();
  await expect(newcomer).toHaveURL("/");
  await expectSignedInAs(newcomer, "Nora Lind");

  // The link worked once.
  await newcomer.goto(link);
  await expect(newcomer.getByRole("alert")).toContainText("not valid any more");
  await guest.close();

  await page.reload();
  await expect(row(page, "nora@studio.test")).toContainText("Nora Lind");
  await expect(row(page, "nora@studio.test")).toContainText("Active");
});

test("change a role, and the last Admin cannot be demoted", async ({ page, newMember }) => {
  const { name } = newMember("Writer", "Promoted");
  await page.goto("/settings?tab=team");
  await page.getByLabel(`Role for ${name}`).selectOption("Editor");
  // A role change asks first. The select shows the choice at once: wait for the server's answer before
  // reloading, which would cancel the request.
  const answered = answerToPost(page, "/settings");
  await page.getByRole("button", { name: "Make Editor" }).click();
  expect((await answered).status()).toBe(200);
  await expect(page.getByLabel(`Role for ${name}`)).toHaveValue("Editor");
  await page.reload();
  await expect(page.getByLabel(`Role for ${name}`)).toHaveValue("Editor");

  await page.getByLabel("Role for Sarah Chen").selectOption("Writer");
  await page.getByRole("button", { name: "Make Writer" }).click();
  await expect(row(page, "sarah@studio.test").getByRole("alert")).toHaveText(
    "The last Admin cannot be demoted. Make another member an Admin first.",
  );
  await expect(page.getByLabel("Role for Sarah Chen")).toHaveValue("Admin");
  await page.reload();
  await expect(page.getByLabel("Role for Sarah Chen")).toHaveValue("Admin");
});

test("remove a member: they leave the list and cannot sign in", async ({ page, signedInMember }) => {
  const leaving = await signedInMember("Writer", "Leaving");
  const lenaPage = leaving.page;
  await lenaPage.goto("/");
  await expectSignedInAs(lenaPage, leaving.name);

  await page.goto("/settings?tab=team");
  await page.getByRole("button", { name: `Remove ${leaving.name}` }).click();
  await page.getByRole("button", { name: "Confirm remove" }).click();
  await expect(row(page, leaving.email)).toHaveCount(0);
  await page.reload();
  await expect(row(page, leaving.email)).toHaveCount(0);

  await lenaPage.goto("/");
  await expect(lenaPage).toHaveURL(/\/login/);
  await signIn(lenaPage, leaving.email, DEMO_PASSWORD);
  await expect(lenaPage.getByRole("alert")).toContainText("do not match an active account");
});
