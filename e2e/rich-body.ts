import { expect, type Page } from "./fixtures";

/** The rich editor (the server-rendered textarea before it has the same name, and stays without JavaScript). */
export function richBody(page: Page) {
  return page.locator('.ProseMirror[aria-label="Content body"]');
}

/** The co-editing status once every change has reached the server. */
export function allSaved(page: Page) {
  return page.getByRole("status").filter({ hasText: "All changes saved" });
}

/** Opens an item and waits until its document has synced. */
export async function openEditor(page: Page, id: string) {
  await page.goto(`/editor?id=${id}`);
  await expect(richBody(page)).toBeVisible();
  await expect(allSaved(page)).toBeVisible();
  return richBody(page);
}
