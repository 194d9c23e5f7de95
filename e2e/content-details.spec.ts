import { expect, test, type Page } from "./fixtures";
import { postForm, waitForHydration } from "./utils";

/** A new draft owned by the signed-in Admin; answers its editor URL. */
async function newDraft(page: Page, baseURL: string, title: string) {
  const created = await postForm(page.request, baseURL, "/content/new", { title, type: "blog", tags: "details" });
  expect(created.status()).toBe(302);
  return created.headers()["location"];
}

const form = (page: Page) => page.getByRole("form", { name: "Title, slug and excerpt" });

test("rename, slug and excerpt persist and show in the library", async ({ page, baseURL }) => {
  const title = `Untitled blog post ${Date.now()}`;
  await page.goto(await newDraft(page, baseURL!, title));
  await waitForHydration(page);
  // An untitled item opens its details; the slug follows the title as it is typed.
  const details = form(page);
  await expect(details.getByLabel("Slug")).toBeVisible();
  const newTitle = `Spring launch checklist ${Date.now()}`;
  await details.getByLabel("Title").fill(newTitle);
  const slug = newTitle.toLowerCase().replace(/ /g, "-");
  await expect(details.getByLabel("Slug")).toHaveValue(slug);
  const excerpt = "Everything we check before a launch goes out.";
  await details.getByLabel("Excerpt").fill(excerpt);
  await expect(details).toContainText(`${excerpt.length} / 300 characters`);
  await details.getByRole("button", { name: "Save details" }).click();
  await expect(details.getByRole("status")).toHaveText("Details saved.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(newTitle);

  await page.reload();
  await page.getByText("Title, slug and excerpt").click();
  await expect(form(page).getByLabel("Title")).toHaveValue(newTitle);
  await expect(form(page).getByLabel("Slug")).toHaveValue(slug);
  await expect(form(page).getByLabel("Excerpt")).toHaveValue("Everything we check before a launch goes out.");

  await page.goto(`/library?q=${encodeURIComponent("Spring launch checklist")}`);
  const card = page.getByTestId("content-card").filter({ hasText: newTitle });
  await expect(card).toContainText("Everything we check before a launch goes out.");
});

test("a bad slug is refused beside its field and nothing changes", async ({ page, baseURL }) => {
  const title = `Details refusal ${Date.now()}`;
  await page.goto(await newDraft(page, baseURL!, title));
  await waitForHydration(page);
  await page.getByText("Title, slug and excerpt").click();
  const details = form(page);
  await details.getByLabel("Slug").fill("Not A Slug!");
  await details.getByRole("button", { name: "Save details" }).click();
  await expect(details.getByText("Use lowercase letters, digits and single hyphens")).toBeVisible();
  await expect(details.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
  // Said once, beside the field; the form's status line points there.
  await expect(details.getByRole("status")).toHaveText("Not saved: see the message beside the field.");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the details form is a plain form post that says what happened", async ({ page, baseURL }) => {
    const title = `No-JS details ${Date.now()}`;
    await page.goto(await newDraft(page, baseURL!, title));
    await page.getByText("Title, slug and excerpt").click();
    const details = form(page);
    await details.getByLabel("Title").fill(`${title} renamed`);
    await details.getByLabel("Slug").fill("");
    await details.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${title} renamed`);
    await expect(form(page).getByRole("status")).toHaveText("Details saved.");
    await expect(form(page).getByLabel("Slug")).toHaveValue(`${title} renamed`.toLowerCase().replace(/[^a-z0-9]+/g, "-"));
  });
});
