import type { Editor } from "@tiptap/react";
import { useMemo, useRef } from "react";
import { docToMarkdown, shownText } from "~/domain/rich-text";
import { rangeOfAnchor } from "./comment-anchors";

export interface ShownText {
  text: string;
  /** Where an anchor's passage starts in `text`, or null when the passage is gone (or the anchor is not live). */
  locate(anchor: string): number | null;
}

/** Typing reports its Markdown this long after the last key (writing a long text back is not free). */
const TEXT_REPORT_MS = 150;

function shownOf(editor: Editor): ShownText {
  const { state } = editor;
  return {
    text: shownText(state.doc),
    locate(anchor) {
      const range = rangeOfAnchor(state, anchor);
      return range ? shownText(state.doc, 0, range.from).length : null;
    },
  };
}

/**
 * Reports the editor's text as Markdown (and as shown, for comments) shortly after typing stops, and at
 * once when asked, when the editor loses focus or closes: whatever reads the text next sees all of it.
 */
export function useTextReport(onText: (markdown: string) => void, onShown?: (shown: ShownText) => void) {
  const listeners = useRef({ onText, onShown });
  listeners.current = { onText, onShown };
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  return useMemo(() => {
    const now = (editor: Editor) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      const markdown = docToMarkdown(editor.getJSON());
      listeners.current.onText(markdown);
      listeners.current.onShown?.(shownOf(editor));
      return markdown;
    };
    return {
      now,
      soon(editor: Editor) {
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => !editor.isDestroyed && now(editor), TEXT_REPORT_MS);
      },
      pending(editor: Editor | null) {
        if (timer.current && editor && !editor.isDestroyed) now(editor);
      },
    };
  }, []);
}
