import { useCallback, useState, type RefObject } from "react";
import type { Passage } from "./comment-threads";
import type { RichEditorHandle } from "./rich-editor";

const MAX_QUOTE = 1000;

/**
 * Runs after React has shown the tab a click switched to. A timeout, not an animation frame: a
 * browser does not run animation frames for a page it does not show, and the focus must still move.
 */
const afterRender = (work: () => void) => void setTimeout(work, 0);

/**
 * Select text → "Comment on selection": the selected passage becomes what the next comment is about.
 * `showPassage` selects a thread's passage in the text again (where its anchor is now, live).
 */
export function usePassage(body: RefObject<HTMLTextAreaElement | null>, rich: RefObject<RichEditorHandle | null>, showText: () => void) {
  const [selection, setSelection] = useState<Passage | null>(null);
  const [passage, setPassage] = useState<Passage | null>(null);

  /** The plain textarea's selection (before the rich editor loads, or without it). */
  const onSelect = useCallback((e: React.SyntheticEvent<HTMLTextAreaElement>) => {
    const { selectionStart: start, selectionEnd: end, value } = e.currentTarget;
    const quote = value.slice(start, end).trim();
    setSelection(quote && quote.length <= MAX_QUOTE ? { quote, anchor: JSON.stringify({ start, end }) } : null);
  }, []);

  const commentOnSelection = useCallback(() => {
    setPassage(selection);
    // After the comments (a tab on narrow screens) are shown.
    afterRender(() => document.getElementById("new-comment")?.focus());
  }, [selection]);

  const clearPassage = useCallback(() => setPassage(null), []);

  const showPassage = useCallback(
    (shown: Passage) => {
      showText();
      afterRender(() => {
        if (rich.current) return rich.current.showPassage(shown);
        const el = body.current;
        const at = el?.value.indexOf(shown.quote) ?? -1;
        if (!el || at < 0) return;
        el.focus();
        el.setSelectionRange(at, at + shown.quote.length);
      });
    },
    [body, rich, showText],
  );

  return { selection, setSelection, passage, onSelect, commentOnSelection, clearPassage, showPassage };
}
