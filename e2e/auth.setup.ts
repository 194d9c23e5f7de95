import { expect, test as setup } from "@playwright/test";
import { MEMBERS, authFile, expectSignedInAs, signIn, type RoleName } from "./accounts";

// Signs in once per role through the real form; the other specs reuse the saved cookies.
for (const role of Object.keys(MEMBERS) as RoleName[]) {
  setup(`sign in as the ${role}`, async ({ page }) => {
    const member = MEMBERS[role];
    await signIn(page, member.email);
    await expect(page).toHaveURL("/");
    await expectSignedInAs(page, member.name);
    await expect(page.getByRole("banner").getByText(`${member.title} · ${role}`)).toBeVisible();
    await page.context().storageState({ path: authFile(role) });
  });
}
