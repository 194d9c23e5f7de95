import { expect, test } from "./fixtures";
import { MEMBERS, expectSignedInAs, signIn, type RoleName } from "./accounts";

// Signs in through the real form as each sample role. Other specs start from sessions the
// global setup wrote into the database (e2e/global-setup.ts), not from these.
test.use({ storageState: { cookies: [], origins: [] } });

for (const role of Object.keys(MEMBERS) as RoleName[]) {
  test(`sign in as the ${role}`, async ({ page }) => {
    const member = MEMBERS[role];
    await signIn(page, member.email);
    await expect(page).toHaveURL("/");
    await expectSignedInAs(page, member.name);
    await expect(page.getByRole("banner").getByText(`${member.title} · ${role}`)).toBeVisible();
  });
}
