import { expect, test } from "./fixtures";
import { allSaved, openEditor } from "./rich-body";
import { answerToPost, postForm } from "./utils";

test("comment on a selected passage, reply in its thread, and an @mention reaches the member's bell", async ({
  page,
  baseURL,
  signedInMember,
}) => {
  const colleague = await signedInMember("Editor", "Mentioned");
  const title = `Passage comments ${Date.now()}`;
  const created = await postForm(page.request, baseURL!, "/content/new", { title, type: "blog", tags: "threads" });
  const body = await openEditor(page, new URL(created.headers()["location"], baseURL).searchParams.get("id")!);
  await body.fill("Onboarding now takes five minutes");

  // Select "five minutes" and comment on it, mentioning the colleague through the picker.
  await body.press("ControlOrMeta+End");
  for (let i = 0; i < "five minutes".length; i++) await body.press("Shift+ArrowLeft");
  await page.getByRole("button", { name: "Comment on selection" }).click();
  const input = page.getByRole("combobox", { name: "Comment on the selected passage" });
  await expect(input).toBeFocused();
  await input.pressSequentially("Source? @Ment");
  await expect(page.getByRole("option", { name: colleague.name })).toBeVisible();
  await input.press("Enter");
  await expect(input).toHaveValue(`Source? @${colleague.name} `);
  await input.press("Enter");

  const thread = page.getByTestId("comment").filter({ hasText: "Source?" });
  await expect(thread.getByRole("button", { name: /five minutes/ })).toBeVisible();
  await thread.getByRole("combobox", { name: "Reply" }).fill("From the October survey.");
  await thread.getByRole("combobox", { name: "Reply" }).press("Enter");
  await expect(thread.getByTestId("reply")).toContainText("From the October survey.");

  // The passage is highlighted, and the highlight follows an edit made before it.
  await expect(body.locator(".comment-anchor")).toHaveText("five minutes");
  // Put the caret at the start of the line (a click there, as a writer would), and type only once the
  // passage's selection is gone: typing over it would replace the quoted words.
  await body
    .locator("p")
    .first()
    .click({ position: { x: 1, y: 4 } });
  await expect.poll(() => page.evaluate(() => window.getSelection()?.isCollapsed)).toBe(true);
  await body.press("Home");
  await body.pressSequentially("Today: ");
  await expect(body).toContainText("Today: Onboarding");
  await expect(body.locator(".comment-anchor")).toHaveText("five minutes");
  // Once the typing has reached the server: a late echo of it would not move the selection made next.
  await expect(allSaved(page)).toBeVisible({ timeout: 20_000 });
  // Clicking the quote selects the passage in the text again.
  await thread.getByRole("button", { name: /five minutes/ }).click();
  await expect.poll(() => page.evaluate(() => window.getSelection()?.toString())).toBe("five minutes");

  // Resolve with a note: the thread collapses and says who resolved it and why.
  await thread.getByRole("textbox", { name: "Resolution note (optional)" }).fill("Linked the survey.");
  // The thread shows it resolved at once; the reload waits for the server's answer, which it would cancel.
  const answered = answerToPost(page, "/editor");
  await thread.getByRole("button", { name: "Resolve" }).click();
  await expect(thread).toHaveAttribute("data-resolved", "true");
  expect((await answered).ok()).toBe(true);
  await page.reload();
  const resolved = page.getByTestId("comment").filter({ hasText: "Linked the survey." });
  await expect(resolved).toContainText("Resolved");
  await expect(resolved).toContainText("by Sarah Chen: Linked the survey.");
  await expect(resolved.getByTestId("reply")).toBeHidden();

  // The colleague's bell has the mention.
  await colleague.page.goto("/");
  await colleague.page.getByRole("button", { name: /Notifications, [1-9]\d* unread/ }).click();
  await expect(colleague.page.locator("#notification-list")).toContainText(`Sarah Chen mentioned you on “${title}”`);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("an item-wide comment and a reply are plain form posts", async ({ page, baseURL }) => {
    const created = await postForm(page.request, baseURL!, "/content/new", { title: `No-JS comments ${Date.now()}`, type: "blog" });
    await page.goto(created.headers()["location"]);
    await page.getByRole("combobox", { name: "Add a comment" }).fill("Item-wide, no scripts.");
    await page.getByRole("combobox", { name: "Add a comment" }).press("Enter");
    const thread = page.getByTestId("comment").filter({ hasText: "Item-wide, no scripts." });
    await expect(thread).toBeVisible();
    await thread.getByRole("combobox", { name: "Reply" }).fill("A reply without scripts.");
    await thread.getByRole("combobox", { name: "Reply" }).press("Enter");
    await expect(page.getByTestId("reply")).toContainText("A reply without scripts.");
  });
});
