import { expect, test } from "./fixtures";

// Presence ends within 15 s of a member leaving: the heartbeat, and "leave" on pagehide.

test("a member who closes the editor stops showing as editing within 15 s", async ({ page, signedInMember }) => {
  const other = await signedInMember("Editor", "Leaving");
  await other.page.goto("/editor?id=content-sample");
  await page.goto("/editor?id=content-sample");
  const row = page.getByRole("listitem").filter({ hasText: other.name });
  await expect(row).toContainText("Editing now");
  await other.page.close(); // pagehide sends "leave"
  await expect(row).not.toContainText("Editing now", { timeout: 15_000 });
});
