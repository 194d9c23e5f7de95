import { expect, test } from "./fixtures";
import { richBody } from "./rich-body";
import { authFile } from "./accounts";
import { postForm } from "./utils";

test.describe("as a Writer", () => {
  test.use({ storageState: authFile("Writer") });

  test("settings are read-only except her own notifications", async ({ page }) => {
    await page.goto("/settings");
    await expect(page.getByText("Only Editors and Admins change the brand voice.")).toBeVisible();
    await expect(page.getByRole("radio", { name: /Witty/ })).toBeDisabled();
    await expect(page.getByLabel("Brand Keywords")).toBeDisabled();
    await page.goto("/settings?tab=team");
    await expect(page.getByRole("button", { name: "Invite Member" })).toBeDisabled();
    await expect(page.getByLabel("Role for Marcus Rivera")).toBeDisabled();
    await page.goto("/settings?tab=notifications");
    await page.getByRole("switch", { name: "Content published" }).click();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("status").first()).toHaveText("Settings saved");
    await page.reload();
    await expect(page.getByRole("switch", { name: "Content published" })).not.toBeChecked();
  });

  test("cannot run the workflow or export, even by posting directly", async ({ page, baseURL }) => {
    await page.goto("/workflow");
    await expect(page.getByRole("button", { name: /Workflow$/ })).toBeDisabled();
    const response = await postForm(page.request, baseURL!, "/workflow", { intent: "toggle" });
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain("you cannot start or pause the agent workflow");
    await page.goto("/analytics");
    await expect(page.getByText("Export Report")).toHaveCount(0);
    expect((await page.request.get("/analytics/export?range=30")).status()).toBe(403);
  });

  test("cannot change team settings by posting directly", async ({ page, baseURL }) => {
    const response = await postForm(page.request, baseURL!, "/settings", {
      intent: "save",
      section: "brandVoice",
      brandToneId: "witty",
      brandKeywords: "",
      contentGuidelines: "",
    });
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain("Nothing was saved");
  });
});

test.describe("as an Analyst", () => {
  test.use({ storageState: authFile("Analyst") });

  test("reads the editor without editing or commenting, and may export", async ({ page }) => {
    await page.goto("/editor?id=content-sample");
    // The rich editor, once loaded, is not editable for this role.
    await expect(richBody(page)).toHaveAttribute("contenteditable", "false");
    await expect(page.getByText("Read only: your role can view this item but not change it.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Comments" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Add a comment" })).toHaveCount(0);
    await page.goto("/analytics");
    await page.getByText("Export Report").click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Per content item (CSV)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^analytics-items-last-30-days-\d{4}-\d{2}-\d{2}\.csv$/);
    expect((await page.request.get("/analytics/export?range=30")).status()).toBe(200);
  });
});

test.describe("as an Editor", () => {
  test.use({ storageState: authFile("Editor") });

  test("edits the brand voice but not integrations or publishing settings", async ({ page }) => {
    await page.goto("/settings");
    await expect(page.getByLabel("Brand Keywords")).toBeEnabled();
    await page.goto("/settings?tab=integrations");
    await expect(page.getByText("Only Admins change the publishing settings.")).toBeVisible();
    await expect(page.getByRole("switch", { name: "Auto-post to connected platforms" })).toBeDisabled();
    await expect(page.getByRole("button", { name: /^(Connect|Disconnect) / }).first()).toBeDisabled();
    await page.goto("/workflow");
    await expect(page.getByRole("button", { name: /Workflow$/ })).toBeEnabled();
  });
});
