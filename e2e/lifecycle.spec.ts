import { expect, test } from "./fixtures";
import { authFile } from "./accounts";
import { allSaved, richBody } from "./rich-body";
import { postForm } from "./utils";

test("create → edit → autosave → reload → restore from history → submit → publish → archive → restore", async ({ page, baseURL }) => {
  const created = await postForm(page.request, baseURL!, "/content/new", {
    title: "Launch checklist",
    type: "article",
    tags: "launch, ops",
  });
  expect(created.status()).toBe(302);
  const location = created.headers()["location"];
  expect(location).toMatch(/^\/editor\?id=/);

  await page.goto(location);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Launch checklist");
  const status = page.locator("h1 + div");
  await expect(status).toContainText("Draft");
  const body = richBody(page);
  const saved = allSaved(page);

  await body.fill("First draft of the checklist.");
  await expect(saved).toBeVisible();
  await page.reload();
  await expect(body).toHaveText("First draft of the checklist.");

  // A later burst by someone else would be a new revision; the same member's edits within minutes merge.
  await page.getByRole("button", { name: "History" }).click();
  const revisions = page.getByTestId("revisions").getByRole("listitem");
  await expect(revisions).toHaveCount(2);
  await expect(revisions.first()).toContainText("Edited by Sarah Chen");
  await expect(revisions.first()).toContainText("+5");
  await revisions.last().getByRole("button", { name: "Restore version 1" }).click();
  // Restore asks first, naming whose words will change.
  const confirm = page.getByRole("form", { name: "Restore version 1?" });
  await expect(confirm).toContainText("Words written since by Sarah Chen will change.");
  await confirm.getByRole("button", { name: "Yes, restore version 1" }).click();
  await expect(body).toHaveText("");
  await expect(revisions).toHaveCount(3);
  await expect(revisions.first()).toContainText("Restored version 1");
  await page.reload();
  await expect(body).toHaveText("");

  await body.fill("Final checklist, reviewed.");
  await expect(saved).toBeVisible();
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(status).toContainText("In Review");
  await expect(page.getByTestId("submitted-score")).toContainText(/Submitted for review with a brand-voice score of \d+ \(threshold 85/);
  // A short checklist scores below the threshold: publishing takes the explicit override.
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Override and publish" }).click();
  await expect(status).toContainText("Published");
  await expect(page.getByRole("button", { name: "Publish", exact: true })).toBeDisabled();
  await page.getByRole("button", { name: "Archive" }).click();
  await expect(status).toContainText("Archived");
  await page.getByRole("button", { name: "Restore", exact: true }).click();
  await expect(status).toContainText("Draft");
  await page.reload();
  await expect(status).toContainText("Draft");
  await expect(body).toHaveText("Final checklist, reviewed.");

  await page.goto("/");
  const feed = page.getByRole("region", { name: "Recent Activity" });
  await expect(feed).toContainText("restored");
  await expect(feed).toContainText("Launch checklist");
});

test("two members editing the same item both keep their text", async ({ browser }) => {
  const mine = await browser.newPage();
  const theirs = await (await browser.newContext({ storageState: authFile("Editor") })).newPage();
  await mine.goto("/editor?id=content-015");
  await theirs.goto("/editor?id=content-015");
  await expect(allSaved(mine)).toBeVisible();
  await expect(allSaved(theirs)).toBeVisible();
  await richBody(theirs).press("Control+Home");
  await theirs.keyboard.type("Marcus's edit. ");
  await expect(allSaved(theirs)).toBeVisible();
  await richBody(mine).press("Control+End");
  await mine.keyboard.type(" Sarah's edit.");
  // Both edits stay, live in both windows, with no conflict to resolve.
  for (const page of [mine, theirs]) {
    await expect(richBody(page)).toContainText("Marcus's edit.");
    await expect(richBody(page)).toContainText("Sarah's edit.");
  }
  await expect(mine.getByRole("alertdialog")).toHaveCount(0);
  await expect(allSaved(mine)).toBeVisible();
  await mine.reload();
  await expect(richBody(mine)).toContainText("Marcus's edit.");
  await expect(richBody(mine)).toContainText("Sarah's edit.");
  await expect(mine.getByTestId("collaborator").filter({ hasText: "Marcus Rivera" })).toContainText("Editing now");
  await mine.close();
  await theirs.close();
});
