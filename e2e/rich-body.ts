import { expect, type Page } from "./fixtures";

/** The rich editor (the server-rendered textarea before it has the same name, and stays without JavaScript). */
export function richBody(page: Page) {
  return page.locator('.ProseMirror[aria-label="Content body"]');
}

/** The co-editing status once every change has reached the server. */
export function allSaved(page: Page) {
  return page.getByRole("status").filter({ hasText: "All changes saved" });
}

/** Opens an item and waits until its document has synced. */
export async function openEditor(page: Page, id: string) {
  await page.goto(`/editor?id=${id}`);
  // The rich editor loads after the first paint and then syncs: slower on a busy machine.
  await expect(richBody(page)).toBeVisible({ timeout: 20_000 });
  await expect(allSaved(page)).toBeVisible({ timeout: 20_000 });
  return richBody(page);
}

/** Reloads an open editor and waits as openEditor does: on a busy machine the reload alone can take seconds. */
export async function reloadEditor(page: Page) {
  await page.reload();
  await expect(richBody(page)).toBeVisible({ timeout: 20_000 });
  await expect(allSaved(page)).toBeVisible({ timeout: 20_000 });
  return richBody(page);
}

/** Waits until the rich editor takes typing: it stays read-only until its document has synced. */
export async function editable(page: Page) {
  await expect(richBody(page)).toHaveAttribute("contenteditable", "true", { timeout: 20_000 });
  return richBody(page);
}

/**
 * Puts the caret at the end of the text and waits until the page says so. The editor learns of a caret
 * the browser moved from the page's next `selectionchange`; a command key pressed a few milliseconds
 * later (Enter, a paste: keys no person presses that fast) would otherwise act where the caret was.
 */
export async function caretAtEnd(page: Page) {
  return caretAt(page, "end");
}

/**
 * Puts the caret at the start of the text (Control+Home, not Home: Home goes to the start of the line
 * on screen, which in a wrapped paragraph can be mid-word, beside another member's caret label).
 */
export async function caretAtStart(page: Page) {
  return caretAt(page, "start");
}

async function caretAt(page: Page, where: "start" | "end") {
  const body = await editable(page);
  await body.click();
  await page.keyboard.press(where === "end" ? "Control+End" : "Control+Home");
  await expect
    .poll(() =>
      body.evaluate((editor, atEnd) => {
        const selection = window.getSelection();
        const block = atEnd ? editor.lastElementChild : editor.firstElementChild;
        const node = selection?.focusNode;
        if (!node || !block || !block.contains(node)) return false;
        if (atEnd) return selection!.focusOffset === (node.textContent?.length ?? -1);
        // At the start: no text before the caret in the block (other members' caret labels aside).
        const before = document.createRange();
        before.setStart(block, 0);
        before.setEnd(node, selection!.focusOffset);
        const texts = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
        for (let text = texts.nextNode(); text; text = texts.nextNode()) {
          if (!before.intersectsNode(text) || text.parentElement?.closest(".collaboration-carets__caret")) continue;
          if ((text === node ? selection!.focusOffset : (text.textContent?.length ?? 0)) > 0) return false;
        }
        return true;
      }, where === "end"),
    )
    .toBe(true);
  return body;
}
