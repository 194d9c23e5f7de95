import { expect, test, type Page } from "./fixtures";
import { postForm } from "./utils";

// Changes data, so it runs with the journeys, after the screens have checked the seeded figures.
// Each test works on items it creates itself, with a unique word in the title to find them.

const unique = (label: string) => `${label} ${Date.now().toString(36)}`;

async function createDraft(page: Page, baseURL: string, title: string) {
  const response = await postForm(page.request, baseURL, "/content/new", { title, type: "article", tags: "E2E, Library" });
  expect(response.status()).toBe(302);
}

const cardTitled = (page: Page, title: string) =>
  page.getByTestId("content-card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

async function chooseFromMore(page: Page, title: string, action: string) {
  await cardTitled(page, title)
    .getByRole("button", { name: `More actions for ${title}` })
    .click();
  await page
    .getByRole("menu", { name: `More actions for ${title}` })
    .getByRole("menuitem", { name: action })
    .click();
}

test("New Content creates a draft and lands in the editor", async ({ page }) => {
  const title = unique("Field notes");
  await page.goto("/library");
  await page.getByRole("button", { name: "New Content" }).click();
  const dialog = page.getByRole("dialog", { name: "New content" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Type").selectOption("social");
  await dialog.getByLabel("Tags").fill("E2E, Field Notes, e2e");
  await dialog.getByRole("button", { name: "Create draft" }).click();
  await expect(page).toHaveURL(/\/editor\?id=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

  await page.goto(`/library?q=${encodeURIComponent(title)}`);
  const card = cardTitled(page, title);
  await expect(card).toContainText("Draft");
  await expect(card).toContainText("Social");
  await expect(card.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(["E2E", "Field Notes"]);
});

test("More › Duplicate opens a draft copy in the editor", async ({ page, baseURL }) => {
  const title = unique("Copy me");
  await createDraft(page, baseURL!, title);
  await page.goto(`/library?q=${encodeURIComponent(title)}`);
  await chooseFromMore(page, title, "Duplicate");
  await expect(page).toHaveURL(/\/editor\?id=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${title} (copy)`);
  await page.goto(`/library?q=${encodeURIComponent(title)}`);
  await expect(page.getByTestId("content-card")).toHaveCount(2);
  await expect(cardTitled(page, `${title} (copy)`)).toContainText("Draft");
});

test("More › Archive, then Restore, moves the item and says so", async ({ page, baseURL }) => {
  const title = unique("Seasonal");
  await createDraft(page, baseURL!, title);
  await page.goto(`/library?q=${encodeURIComponent(title)}`);
  await chooseFromMore(page, title, "Archive");
  await expect(page.getByTestId("library-notice")).toHaveText(`“${title}” archived.`);
  await expect(cardTitled(page, title)).toContainText("Archived");
  await chooseFromMore(page, title, "Restore");
  await expect(page.getByTestId("library-notice")).toHaveText(`“${title}” restored as a draft.`);
  await expect(cardTitled(page, title)).toContainText("Draft");
  // Archive is offered again, Restore no longer.
  await cardTitled(page, title)
    .getByRole("button", { name: `More actions for ${title}` })
    .click();
  await expect(page.getByRole("menu").getByRole("menuitem")).toHaveText(["Duplicate", "Archive", "Delete…"]);
});

test("More › Delete asks first; Cancel keeps the item, Delete removes it", async ({ page, baseURL }) => {
  const title = unique("Short-lived");
  await createDraft(page, baseURL!, title);
  await page.goto(`/library?q=${encodeURIComponent(title)}`);
  await chooseFromMore(page, title, "Delete…");
  const confirm = page.getByRole("alertdialog", { name: `Delete “${title}”?` });
  await expect(confirm).toContainText("This cannot be undone.");
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(cardTitled(page, title).getByRole("button", { name: `More actions for ${title}` })).toBeFocused();
  await expect(cardTitled(page, title)).toHaveCount(1);

  await chooseFromMore(page, title, "Delete…");
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByTestId("library-notice")).toHaveText(`“${title}” deleted.`);
  await expect(page.getByText(`No content matches “${title}”.`)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("content-card")).toHaveCount(0);
});
