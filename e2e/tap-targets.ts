// Target size (WCAG 2.2 AA 2.5.8), measured in the page and read strictly: every target a finger
// or a pointer aims at is at least 24 × 24 px itself, not only spaced as if it were. The one
// exception kept is the criterion's inline one: a link inside a sentence.
import type { Page } from "@playwright/test";

export type SmallTarget = { what: string; width: number; height: number };

export function smallTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate(() => {
    const SELECTOR =
      "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=checkbox], [role=switch], [role=menuitem], [tabindex='0']";
    const MIN = 23.5; // 24 px, less rounding
    const name = (el: Element) => {
      const label = el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : null;
      const text = (el.getAttribute("aria-label") ?? label ?? el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
      return `${el.tagName.toLowerCase()}${el instanceof HTMLInputElement ? `[type=${el.type}]` : ""} “${text}”`;
    };
    const inSentence = (el: Element) => {
      if (el.tagName !== "A" || getComputedStyle(el).display !== "inline") return false;
      let block = el.parentElement;
      while (block && getComputedStyle(block).display.startsWith("inline")) block = block.parentElement;
      const all = (block?.textContent ?? "").replace(/\s+/g, " ").trim();
      return all.length > (el.textContent ?? "").replace(/\s+/g, " ").trim().length + 3;
    };
    return [...document.querySelectorAll(SELECTOR)]
      .filter((el) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }))
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 1 && r.height > 1) // screen-reader-only text
      .filter(({ el, r }) => (r.width < MIN || r.height < MIN) && !inSentence(el))
      .map(({ el, r }) => ({ what: name(el), width: Math.round(r.width), height: Math.round(r.height) }));
  });
}
