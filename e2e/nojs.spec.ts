import { cookie, createSession } from "./factory";
import { expect, test } from "./fixtures";

// The "nojs" project: JavaScript is off. Every form is a plain post or get, and the page that comes
// back says what happened.

test.describe("library without scripts", () => {
  test("status, search and Apply", async ({ page }) => {
    await page.goto("/library");
    await page.getByRole("combobox", { name: "Status" }).selectOption("draft");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/status=draft/);
    const cards = page.getByTestId("content-card");
    await expect(cards.first()).toBeVisible();
    for (const card of await cards.all()) await expect(card).toContainText("Draft");

    await page.getByRole("searchbox", { name: "Search titles, tags and text" }).fill("instagram");
    await page.getByRole("searchbox", { name: "Search titles, tags and text" }).press("Enter");
    await expect(page).toHaveURL(/q=instagram/);
    await expect(page).toHaveURL(/status=draft/);
    await expect(cards.first()).toContainText(/instagram/i);
  });

  test("More Filters: type and a tag, with counts, through Apply", async ({ page }) => {
    await page.goto("/library");
    await page.locator("summary", { hasText: "More Filters" }).click();
    const type = page.getByLabel("Type");
    await expect(type.locator("option[value=blog]")).toHaveText(/^Blog \(\d+\)$/);
    await type.selectOption("blog");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/type=blog/);
    for (const card of await page.getByTestId("content-card").all()) await expect(card).toContainText("Blog");
    const count = Number((await page.getByRole("status").first().textContent())!.match(/\d+/)![0]);

    const tag = page.getByRole("checkbox").first();
    const tagCount = Number(await tag.locator("xpath=..").locator("span").textContent());
    await tag.check();
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/type=blog.*tag=/);
    // The count beside the tag said how many results choosing it would show.
    await expect(page.getByRole("status").first()).toHaveText(`${tagCount} ${tagCount === 1 ? "item" : "items"}`);
    expect(tagCount).toBeLessThanOrEqual(count);
  });

  test("the calendar's filters apply through Apply", async ({ page }) => {
    await page.goto("/library?view=calendar");
    const filters = page.getByRole("form", { name: "Calendar filters" });
    await filters.getByLabel("Channel").selectOption("linkedin");
    await filters.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/view=calendar.*channel=linkedin/);
    await expect(page.getByRole("form", { name: "Calendar filters" }).getByLabel("Channel")).toHaveValue("linkedin");
  });

  test("search finds a phrase from an item's text, title matches first, the match marked", async ({ page }) => {
    await page.goto("/library?q=sharpen+ideas");
    const excerpt = page.getByTestId("body-excerpt").first();
    await expect(excerpt).toBeVisible();
    await expect(excerpt.locator("mark")).toHaveText(/sharpen ideas/i);
  });

  test("duplicate and archive from the ⋯ menu", async ({ page }) => {
    await page.goto("/library?status=draft&view=list");
    const row = page.getByTestId("content-row").first();
    const title = (await row.locator("p.truncate").first().textContent())!.trim();
    await row.locator("summary").first().click();
    await row.getByRole("button", { name: "Duplicate" }).click();
    await expect(page).toHaveURL(/\/editor\?id=/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(title);

    await page.goto("/library?status=draft&view=list");
    const first = page.getByTestId("content-row").first();
    const archived = (await first.locator("p.truncate").first().textContent())!.trim();
    await first.locator("summary").first().click();
    await first.getByRole("button", { name: "Archive" }).click();
    await expect(page.getByRole("status").filter({ hasText: archived })).toBeVisible();
    await page.goto("/library?status=archived&view=list");
    await expect(page.getByTestId("content-row").filter({ hasText: archived }).first()).toBeVisible();
  });
});

test("settings save says so", async ({ page }) => {
  await page.goto("/settings");
  await page.getByLabel("Brand Keywords").fill("plain, forms, work");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved" })).toBeVisible();
  await expect(page.getByLabel("Brand Keywords")).toHaveValue("plain, forms, work");
});

test("a comment posts and shows", async ({ page }) => {
  await page.goto("/editor");
  const text = `Reviewed without scripts ${Date.now()}`;
  await page.getByLabel("Add a comment").fill(text);
  await page.getByLabel("Add a comment").press("Enter");
  await expect(page.getByTestId("comment").filter({ hasText: text })).toBeVisible();
});

test.describe("editor text without scripts", () => {
  test("Save text saves through the version check", async ({ page }) => {
    await page.goto("/editor");
    const body = page.getByRole("textbox", { name: "Content body" });
    const text = `Saved by a plain form ${Date.now()}.`;
    await body.fill(text);
    await page.getByRole("button", { name: "Save text" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    await page.reload();
    await expect(body).toHaveValue(text);
  });

  test("a conflict keeps both versions", async ({ page }) => {
    await page.goto("/editor");
    const url = new URL(page.url());
    const id = await page.locator("input[name=id]").first().inputValue();
    const version = await page.locator("input[name=version]").inputValue();
    // Someone else saves first.
    const theirs = `Their newer text ${Date.now()}.`;
    const response = await page.request.post(`/content/${id}/save`, { form: { version, body: theirs }, headers: { origin: url.origin } });
    expect(response.status()).toBe(200);

    const mine = `My text ${Date.now()}.`;
    await page.getByRole("textbox", { name: "Content body" }).fill(mine);
    await page.getByRole("button", { name: "Save text" }).click();
    await expect(page.getByRole("alert")).toContainText("Someone saved a newer version");
    await expect(page.getByLabel("Your version (not saved)")).toHaveValue(mine);
    await expect(page.getByRole("textbox", { name: "Content body" })).toHaveValue(theirs);
  });
});

test("the account menu opens and signs out", async ({ browser, baseURL, db, newMember }) => {
  // A member of its own: signing out ends their session, not the shared Admin's.
  const member = newMember("Writer", "Plain");
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: { cookies: [cookie(createSession(db, member.id))], origins: [] },
  });
  const page = await context.newPage();
  await page.goto("/");
  await page.locator("summary", { hasText: member.name }).click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await context.close();
});

test("a refused setting answers the plain post with 400 and the message beside the field", async ({ page }) => {
  await page.goto("/settings");
  const keywords = page.getByLabel("Brand Keywords");
  await keywords.evaluate((el) => el.removeAttribute("maxlength"));
  await keywords.fill("x".repeat(501));
  const reply = page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByRole("button", { name: "Save Changes" }).click();
  expect((await reply).status()).toBe(400);
  await expect(page.getByLabel("Brand Keywords")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Brand Keywords")).toHaveAccessibleDescription(/Keep brand keywords to 500 characters or fewer\./);
});

test("the notification bell opens its list", async ({ page }) => {
  await page.goto("/");
  await page.locator("summary", { hasText: /Notifications, \d+ unread/ }).click();
  await expect(page.getByText("Notifications", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Notification settings" }).click();
  await expect(page).toHaveURL(/tab=notifications/);
});

test.describe("creating and moving content without scripts", () => {
  test("New Content opens its page, a missing title is refused beside the field, a valid one opens the editor", async ({ page }) => {
    await page.goto("/library");
    await page.getByRole("button", { name: "New Content" }).click();
    await expect(page).toHaveURL(/\/content\/new$/);
    await page.getByRole("button", { name: "Create draft" }).click();
    await expect(page.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Give it a title.")).toBeVisible();

    const title = `Planned without scripts ${Date.now()}`;
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Type").selectOption("blog");
    await page.getByRole("button", { name: "Create draft" }).click();
    await expect(page).toHaveURL(/\/editor\?id=/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  });

  test("the editor shows only what works: Preview and Submit for review post, the script-only buttons are not shown", async ({ page }) => {
    await page.goto("/content/new");
    await page.getByLabel("Title").fill(`Reviewed without scripts ${Date.now()}`);
    await page.getByLabel("Type").selectOption("blog");
    await page.getByRole("button", { name: "Create draft" }).click();
    await expect(page).toHaveURL(/\/editor\?id=/);
    for (const name of ["Share", "AI Draft", "AI Enhance", "Upload image"]) await expect(page.getByRole("button", { name })).toHaveCount(0);
    await expect(page.getByText("Auto-saved")).toHaveCount(0);

    await page.getByRole("textbox", { name: "Content body" }).fill("Spring plans, written **plainly**.");
    await page.getByRole("button", { name: "Save text" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page).toHaveURL(/preview=1/);
    await expect(page.getByTestId("preview").locator("strong")).toHaveText("plainly");
    await page.getByRole("button", { name: "Edit" }).click();
    await expect(page.getByRole("textbox", { name: "Content body" })).toBeVisible();

    await page.getByRole("button", { name: "Submit for review" }).click();
    await expect(page.getByTestId("submitted-score")).toContainText("Submitted for review with a brand-voice score of");
    await expect(page.getByText("In Review").first()).toBeVisible();
  });
});
