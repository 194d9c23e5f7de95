import { expect, test, type Page } from "./fixtures";
import { SCREENS } from "./routes";
import { postForm, waitForHydration } from "./utils";

// Stored text never executes: script payloads saved as a title, a tag, a body and a comment render as
// inert text on every screen, the editor, the library search and the command palette.
const MARK = "xss-probe";
const PAYLOADS = {
  title: `<script>window.__xss="${MARK}-title"</script>Probe title`,
  tag: `<img src=x onerror=window.__xss=1>`,
  body: `<svg onload="window.__xss='${MARK}-body'"></svg><iframe src="javascript:alert(1)"></iframe>`,
  comment: `<a href="javascript:window.__xss=1">${MARK} comment</a><style>*{display:none}</style>`,
};

/** Elements the payloads would have created had they been parsed as HTML. */
async function injected(page: Page) {
  return page.evaluate(() => {
    const found = [...document.querySelectorAll('img[src="x"], iframe, svg[onload], a[href^="javascript:"], style')].map((e) =>
      e.outerHTML.slice(0, 80),
    );
    const scripts = [...document.scripts]
      .filter((s) => (s.textContent ?? "").trim().startsWith("window.__xss"))
      .map((s) => s.outerHTML.slice(0, 80));
    return { found: [...found, ...scripts], fired: (window as unknown as { __xss?: unknown }).__xss ?? null };
  });
}

test("script payloads in a title, tag, body and comment render inert everywhere", async ({ page, baseURL }) => {
  const request = page.request;
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });

  const created = await postForm(request, baseURL!, "/content/new", {
    title: PAYLOADS.title,
    type: "blog",
    tags: `${PAYLOADS.tag}, probe`,
  });
  expect(created.status()).toBe(302);
  const id = new URL(created.headers().location, baseURL).searchParams.get("id")!;
  const saved = await postForm(request, baseURL!, `/content/${id}/save`, { version: "1", body: PAYLOADS.body });
  expect(saved.status(), await saved.text()).toBe(200);
  const commented = await postForm(request, baseURL!, `/editor?id=${id}`, { intent: "comment", id, comment: PAYLOADS.comment });
  expect(commented.status(), commented.headers().location).toBe(200);

  const pages = [...SCREENS.map((s) => s.path), `/editor?id=${id}`, `/library?q=probe`];
  for (const path of pages) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await injected(page), path).toEqual({ found: [], fired: null });
  }

  // The text itself is shown, as text.
  await page.goto(`/editor?id=${id}`);
  await expect(page.getByText("Probe title").first()).toBeVisible();
  await expect(page.getByText(`${MARK} comment`, { exact: false }).first()).toBeVisible();
  await page.goto("/library?q=probe");
  await expect(page.getByText(PAYLOADS.title).first()).toBeVisible();
  await expect(page.getByText(PAYLOADS.tag).filter({ visible: true }).first()).toBeVisible(); // the More Filters panel lists it too, folded

  // The palette lists it too.
  await page.goto("/");
  await waitForHydration(page); // the shortcut is the app's: before hydration the key press goes nowhere
  await page.keyboard.press("Control+k");
  await page.keyboard.type("Probe");
  await expect(page.getByRole("option", { name: /Probe title/ }).first()).toBeVisible();
  expect(await injected(page)).toEqual({ found: [], fired: null });
  expect(dialogs).toEqual([]);
});
