import { expect, type Page } from "@playwright/test";
import { E2E } from "./env";

export const DEMO_PASSWORD = "studio-demo-2026";

/** One sample member per role; the Admin is the README's demo account. */
export const MEMBERS = {
  Admin: { email: "sarah@studio.test", name: "Sarah Chen", title: "Content Manager" },
  Editor: { email: "marcus@studio.test", name: "Marcus Rivera", title: "Managing Editor" },
  Writer: { email: "priya@studio.test", name: "Priya Patel", title: "Content Writer" },
  Analyst: { email: "david@studio.test", name: "David Kim", title: "Marketing Analyst" },
} as const;
export type RoleName = keyof typeof MEMBERS;

// Per port: two runs in one checkout (different E2E_PORT) each write their own sessions.
export const authFile = (role: RoleName) => `e2e/.auth/${E2E.port}-${role.toLowerCase()}.json`;

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Settled: the shell (signed in) or the form's alert or field error (refused).
  await expect(page.getByRole("banner").or(page.getByRole("alert")).or(page.locator("[aria-invalid=true]")).first()).toBeVisible();
}

export async function expectSignedInAs(page: Page, name: string) {
  await expect(page.getByRole("banner").getByText(name, { exact: true })).toBeVisible();
}
