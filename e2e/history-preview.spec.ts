import { expect, test } from "./fixtures";
import { openEditor } from "./rich-body";
import { postForm } from "./utils";

test("History previews an earlier version, formatted, before restoring it", async ({ page, baseURL }) => {
  const created = await postForm(page.request, baseURL!, "/content/new", { title: `History ${Date.now()}`, type: "blog" });
  const id = new URL(created.headers()["location"], baseURL).searchParams.get("id")!;
  const first = await postForm(page.request, baseURL!, `/content/${id}/save`, {
    version: "1",
    body: "## The first plan\n\nShip in **March**.",
  });
  expect(first.status()).toBe(200);
  // A restore or an assistant accept makes its own revision, so the first text stays one.
  const second = await postForm(page.request, baseURL!, `/content/${id}/save`, { version: "2", body: "A newer text.", label: "enhanced" });
  expect(second.status()).toBe(200);

  const body = await openEditor(page, id);
  await expect(body).toHaveText("A newer text.");
  await page.getByRole("button", { name: "History" }).click();
  await page.getByRole("button", { name: "Preview version 2" }).click();
  const preview = page.getByTestId("revision-preview");
  await expect(preview.getByRole("heading", { name: "The first plan" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("March");
  await preview.getByRole("button", { name: "Restore this version" }).click();
  await page.getByRole("button", { name: "Yes, restore version 2" }).click();
  await expect(body.getByRole("heading", { name: "The first plan" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("Restore asks first, naming whose words change, and restores as a plain form", async ({ page, baseURL }) => {
    const created = await postForm(page.request, baseURL!, "/content/new", { title: `No-JS history ${Date.now()}`, type: "blog" });
    const id = new URL(created.headers()["location"], baseURL).searchParams.get("id")!;
    expect((await postForm(page.request, baseURL!, `/content/${id}/save`, { version: "1", body: "The first plan." })).status()).toBe(200);
    const newer = { version: "2", body: "A newer plan.", label: "enhanced" };
    expect((await postForm(page.request, baseURL!, `/content/${id}/save`, newer)).status()).toBe(200);

    await page.goto(`/editor?id=${id}`);
    await page.getByRole("button", { name: "History" }).click();
    await page.getByRole("button", { name: "Restore version 2" }).click();
    const confirm = page.getByRole("form", { name: "Restore version 2?" });
    await expect(confirm).toContainText("Words written since by Sarah Chen will change.");
    await expect(page.getByRole("textbox", { name: "Content body" })).toHaveValue("A newer plan.");
    await confirm.getByRole("button", { name: "Yes, restore version 2" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Restored version 2." })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Content body" })).toHaveValue("The first plan.");
    await expect(page.getByTestId("revisions").getByRole("listitem").first()).toContainText("Restored version 2 by Sarah Chen");
  });
});
