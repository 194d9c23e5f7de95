import { expect, test, type Page } from "./fixtures";
import { authFile } from "./accounts";
import { expectNoThirdPartyRequests, forbidThirdPartyRequests, postForm, waitForHydration } from "./utils";

// Generate Caption and Create Visual change data (a channel post, a stored visual): a journey.

const unique = (label: string) => `${label} ${Date.now().toString(36)}`;

async function createArticle(page: Page, baseURL: string, title: string) {
  const response = await postForm(page.request, baseURL, "/content/new", { title, type: "article", tags: "Launch Week, Growth" });
  expect(response.status()).toBe(302);
  const id = new URL(response.headers().location, baseURL).searchParams.get("id")!;
  const save = await postForm(page.request, baseURL, `/content/${id}/save`, {
    version: "1",
    body: `${title}\n\nOur launch week brought three new features to every plan. Here is what changed and why it matters.\n\nMore below.`,
  });
  expect(save.status()).toBe(200);
  return id;
}

/** Searches the dialog's picker and picks the item whose title starts the button's name. */
async function pickInDialog(page: Page, dialogName: string, title: string, term = title.split(" ").at(-1)!) {
  const dialog = page.getByRole("dialog", { name: dialogName });
  await dialog.getByLabel("Find content").fill(term);
  const option = dialog.getByRole("button", { name: new RegExp(`^${title} (Blog|Article)`) }).first();
  await option.click();
  await expect(option).toHaveAttribute("aria-pressed", "true");
  return dialog;
}

test("Generate Caption writes a caption within the limit, copies it and saves it as the item's channel post", async ({
  page,
  baseURL,
  context,
}) => {
  const outside = forbidThirdPartyRequests(page);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const title = unique("Launch recap");
  await createArticle(page, baseURL!, title);

  await page.goto("/");
  await page.getByRole("button", { name: "Generate Caption" }).click();
  await expect(page.getByRole("dialog", { name: "Generate caption" }).getByLabel("Find content")).toBeFocused();
  const dialog = await pickInDialog(page, "Generate caption", title);
  await expect(dialog.getByText("280 characters")).toBeVisible();
  await dialog.getByRole("radio", { name: "LinkedIn" }).check();
  await dialog.getByRole("button", { name: "Generate caption" }).click();

  const caption = dialog.getByRole("textbox", { name: "Caption for LinkedIn" });
  await expect(caption).toHaveValue(/Our launch week brought three new features to every plan\./);
  await expect(caption).toHaveValue(/#LaunchWeek #Growth$/); // the item's tags, never the brand keywords
  await expect(dialog.getByTestId("caption-source")).toContainText("built-in assistant");
  await expect(dialog.locator("#caption-count")).toHaveText(/^\d+ \/ 3,000$/);

  await caption.fill(`${await caption.inputValue()}\n\nSee you at the demo.`);
  await dialog.getByRole("button", { name: "Copy" }).click();
  await expect(dialog.getByText("Copied to the clipboard.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await caption.inputValue());

  const saved = await caption.inputValue();
  await dialog.getByRole("button", { name: "Save as the LinkedIn post" }).click();
  await expect(dialog.getByTestId("caption-saved")).toContainText(`Saved as the LinkedIn post of “${title}” (draft).`);
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Generate Caption" }).click();
  await expect(dialog.getByLabel("Find content")).toHaveValue("");
  await expect(dialog.getByRole("textbox", { name: /Caption for/ })).toHaveCount(0);
  await page.keyboard.press("Escape");
  // Where it went: the item's LinkedIn post in the editor's Channels panel, not a separate item.
  await page.goto(`/library?q=${encodeURIComponent(`LinkedIn caption: ${title}`)}`);
  await expect(page.getByRole("heading", { name: `LinkedIn caption: ${title}` })).toHaveCount(0);
  await page.goto("/");
  await page.getByRole("button", { name: "Generate Caption" }).click();
  const again = await pickInDialog(page, "Generate caption", title);
  await again.getByRole("radio", { name: "LinkedIn" }).check();
  await again.getByRole("button", { name: "Generate caption" }).click();
  await again.getByRole("textbox", { name: "Caption for LinkedIn" }).fill(saved);
  await again.getByRole("button", { name: "Save as the LinkedIn post" }).click();
  await expect(again.getByTestId("caption-saved")).toContainText(`Replaced the text of the LinkedIn post of “${title}” (draft).`);
  await again.getByRole("link", { name: "Open it in the Channels panel" }).click();
  // The address changes once the editor's data has loaded: on a busy machine that alone can take seconds.
  await expect(page).toHaveURL(/\/editor\?id=.+#post-/, { timeout: 20_000 });
  await expect(page.getByTestId("channels-panel").getByRole("textbox", { name: "LinkedIn text" })).toHaveValue(saved);
  await expectNoThirdPartyRequests(outside);
});

test("a quick-action dialog keeps its form from hydration on, so opening it at once leaves the focus in its search", async ({ page }) => {
  // Counts the caption form's removals: it is replaced only after a closing, to start afresh.
  await page.addInitScript(() => {
    const w = window as unknown as { captionFormsRemoved: number };
    w.captionFormsRemoved = 0;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes)
          if (node instanceof Element && node.querySelector("#caption-item-search")) w.captionFormsRemoved++;
    }).observe(document, { childList: true, subtree: true });
  });
  const removed = () => page.evaluate(() => (window as unknown as { captionFormsRemoved: number }).captionFormsRemoved);
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Generate Caption" }).click();
  const search = page.getByRole("dialog", { name: "Generate caption" }).getByLabel("Find content");
  await expect(search).toBeFocused();
  await search.fill("launch");
  expect(await removed()).toBe(0);
  await page.keyboard.press("Escape");
  await expect.poll(removed).toBe(1);
  await page.getByRole("button", { name: "Generate Caption" }).click();
  await expect(search).toBeFocused();
  await expect(search).toHaveValue("");
});

test("a caption over X's limit cannot be saved until it is shortened", async ({ page, baseURL }) => {
  const title = unique("Short post");
  await createArticle(page, baseURL!, title);
  await page.goto("/");
  await page.getByRole("button", { name: "Generate Caption" }).click();
  const dialog = await pickInDialog(page, "Generate caption", title);
  await dialog.getByRole("button", { name: "Generate caption" }).click();
  const caption = dialog.getByRole("textbox", { name: "Caption for X (Twitter)" });
  await expect(caption).toHaveValue(/#LaunchWeek/);
  await caption.fill("word ".repeat(60).trim());
  // 299 characters, then the link the post goes out with (two line breaks and 23 for X).
  await expect(dialog.getByText("44 characters over the limit.")).toBeVisible();
  await expect(caption).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByRole("button", { name: /^Save as the .+ post$/ })).toBeDisabled();
  await caption.fill("Short and sweet. #LaunchWeek");
  await expect(dialog.getByRole("button", { name: /^Save as the .+ post$/ })).toBeEnabled();
});

test("Create Visual draws a branded card, offers it for download and makes it the item's thumbnail", async ({ page, baseURL }) => {
  const outside = forbidThirdPartyRequests(page);
  const title = unique("Visual launch");
  const id = await createArticle(page, baseURL!, title);

  await page.goto("/");
  await page.getByRole("button", { name: "Create Visual" }).click();
  const dialog = await pickInDialog(page, "Create visual", title);
  await dialog.getByRole("button", { name: "Create visual" }).click();
  const preview = dialog.getByRole("img", { name: `Social card for “${title}”` });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  await expect(dialog).toContainText("Drawn in the Professional brand tone");

  const href = await dialog.getByRole("link", { name: "Download SVG" }).getAttribute("href");
  const file = await page.request.get(href!);
  expect(file.headers()["content-type"]).toBe("image/svg+xml; charset=utf-8");
  expect(file.headers()["content-disposition"]).toMatch(/^attachment; filename="visual-launch-[a-z0-9]+-visual\.svg"$/);
  expect(await file.text()).toContain("ARTICLE");

  // Recent Content updates at once, and the library shows the card (1200 wide) instead of the
  // generated 400-wide thumbnail.
  await page.keyboard.press("Escape");
  const recent = page.locator(`img[src^="/thumbnails/${id}"]`);
  await expect.poll(() => recent.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  await page.goto(`/library?q=${encodeURIComponent(title)}`);
  const thumb = page.locator(`img[src="/thumbnails/${id}"]`).first();
  await thumb.scrollIntoViewIfNeeded();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  await expectNoThirdPartyRequests(outside);
});

test.describe("as the Analyst", () => {
  test.use({ storageState: authFile("Analyst") });
  test("captions are not generated (they spend model tokens) and visuals are refused", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Generate Caption" }).click();
    const dialog = await pickInDialog(page, "Generate caption", "The Future of AI in Content Marketing", "Future");
    await expect(dialog.getByRole("button", { name: "Generate caption" })).toBeDisabled();
    await expect(dialog.getByText("As an Analyst, you cannot create content: only a Writer, Editor or Admin can.")).toBeVisible();
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Create Visual" }).click();
    const visual = await pickInDialog(page, "Create visual", "The Future of AI in Content Marketing", "Future");
    await visual.getByRole("button", { name: "Create visual" }).click();
    await expect(visual.getByRole("alert")).toHaveText(
      "As an Analyst, you cannot edit other members' content: only an Editor or Admin can.",
    );
  });
});
