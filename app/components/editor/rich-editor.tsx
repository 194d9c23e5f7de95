// The writing surface: TipTap (ProseMirror) bound to the item's Yjs document, so several members
// type at once and see each other's carets. The text is still Markdown: every change is written
// back as Markdown for the word count, the assistant and Preview (decision 022).
import { Extension } from "@tiptap/core";
import CollaborationCaret from "@tiptap/extension-collaboration-caret";
import { EditorContent, useEditor } from "@tiptap/react";
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from "react";
import { cursorColour } from "~/domain/cursor-colour";
import { DOC_FIELD, documentExtensions, markdownToDoc, shownText } from "~/domain/rich-text";
import { openCoEditing, type CoEditing } from "./co-editing";
import type { Passage } from "./comment-threads";
import { CommentAnchors, anchorOfSelection, commentAnchorsMeta, rangeOfAnchor } from "./comment-anchors";
import { useTextReport, type ShownText } from "./use-text-report";
import { ShowOthersChangesAsTheyAre } from "./remote-changes";
import { SharedDocument } from "./write-back";
import { insertAfterSelection } from "./insert-content";
import { EditorToolbar, type ToolbarPanel } from "./editor-toolbar";
import type { LiveState } from "./live-status";

export interface RichEditorHandle {
  /** The text's Markdown now (the `onText` reports are a moment behind while typing goes on). */
  currentText(): string;
  /** Replaces the text (an applied suggestion): only what differs changes, for everyone. */
  replaceText(markdown: string): void;
  /** Selects the first place the words appear and focuses the editor. */
  showText(words: string): void;
  /** Inserts Markdown (an uploaded image) where the cursor is, or after the selection (never over it). */
  insertMarkdown(markdown: string): void;
  /** Selects a comment's passage where it is now (by its anchor, else by its words). */
  showPassage(passage: Passage): void;
}

export interface RichEditorProps {
  itemId: string;
  user: { id: string; name: string };
  editable: boolean;
  describedBy?: string;
  onText(markdown: string): void;
  /** The text as the editor shows it, and where a comment's anchor is in it now (null: its passage is gone). */
  onShown?(shown: ShownText): void;
  onState(state: LiveState, reason?: string): void;
  /** Someone changed the item's comment threads (a nudge over the live connection). */
  onCommentsChanged?(): void;
  /** Shown until the document has synced (or this device's copy has loaded). */
  fallback: JSX.Element;
  /** The selected passage, for "Comment on selection". */
  onSelection?(passage: Passage | null): void;
  /** Open threads' anchors, highlighted in the text. */
  anchors?: string[];
}

const RichEditor = forwardRef<RichEditorHandle, RichEditorProps>(function RichEditor(props, ref) {
  const [session, setSession] = useState<CoEditing | null>(null);
  const [ready, setReady] = useState(false);
  const { itemId } = props;
  const onState = useRef(props.onState);
  onState.current = props.onState;
  const onCommentsChanged = useRef(props.onCommentsChanged);
  onCommentsChanged.current = props.onCommentsChanged;
  useEffect(() => {
    const opened = openCoEditing(itemId);
    setSession(opened);
    opened.onState((state, reason) => onState.current(state, reason));
    opened.onNudge((about) => about === "comments" && onCommentsChanged.current?.());
    let live = true;
    void opened.ready.then(() => live && setReady(true));
    return () => {
      live = false;
      opened.destroy();
    };
  }, [itemId]);
  if (!session || !ready) return props.fallback;
  return <Surface ref={ref} session={session} {...props} />;
});
export default RichEditor;

const Surface = forwardRef<RichEditorHandle, RichEditorProps & { session: CoEditing }>(function Surface(
  { session, user, editable, describedBy, onText, onShown, onSelection, anchors },
  ref,
) {
  const [panel, setPanel] = useState<ToolbarPanel>(null);
  const onSelectionRef = useRef(onSelection);
  onSelectionRef.current = onSelection;
  const report = useTextReport(onText, onShown);
  const editor = useEditor(
    {
      immediatelyRender: false,
      injectCSS: false, // in app/tailwind.css instead: the CSP allows no injected <style>
      editable,
      extensions: [
        ...documentExtensions(),
        SharedDocument.configure({ document: session.doc, field: DOC_FIELD }),
        CollaborationCaret.configure({
          provider: session.provider,
          user: { name: user.name, color: cursorColour(user.id) },
          render: renderCaret,
          // The page's CSP allows no style attributes: the selection is tinted by a class.
          selectionRender: () => ({ class: "collaboration-carets__selection" }),
        }),
        CommentAnchors,
        ShowOthersChangesAsTheyAre,
        Extension.create({
          name: "studioShortcuts",
          addKeyboardShortcuts: () => ({
            "Mod-k": () => {
              setPanel("link");
              return true;
            },
          }),
        }),
      ],
      editorProps: {
        attributes: {
          role: "textbox",
          "aria-multiline": "true",
          "aria-label": "Content body",
          ...(describedBy ? { "aria-describedby": describedBy } : {}),
          class: "rich-text min-h-[28rem] px-6 py-5 text-base leading-relaxed focus:outline-none",
        },
      },
      onCreate: ({ editor }) => void report.now(editor),
      onUpdate: ({ editor }) => report.soon(editor),
      onBlur: ({ editor }) => report.pending(editor),
      onSelectionUpdate: ({ editor }) => {
        const { from, to } = editor.state.selection;
        const quote = shownText(editor.state.doc, from, to).trim();
        const anchor = anchorOfSelection(editor.state);
        onSelectionRef.current?.(quote && anchor && quote.length <= 1000 ? { quote, anchor } : null);
      },
    },
    [session],
  );
  // Read only while a proposal is open (or for a role that may not edit), without rebuilding the editor.
  useEffect(() => editor?.setEditable(editable), [editor, editable]);
  // Preview replaces the editor: what was typed just before is in the text it previews.
  useEffect(() => () => report.pending(editor), [editor, report]);
  const anchorKey = (anchors ?? []).join("\n");
  useEffect(() => {
    if (editor) editor.view.dispatch(editor.state.tr.setMeta(commentAnchorsMeta, anchorKey ? anchorKey.split("\n") : []));
  }, [editor, anchorKey]);

  useImperativeHandle(ref, () => {
    /**
     * Selects a range and shows it, focusing at once: TipTap's focus() waits for an animation frame,
     * which a loaded browser can hold back while the selection stays unshown.
     */
    const select = (range: { from: number; to: number }) => {
      if (!editor) return;
      editor.commands.setTextSelection(range);
      editor.view.focus();
      editor.commands.scrollIntoView();
    };
    return {
      currentText() {
        return editor ? report.now(editor) : "";
      },
      replaceText(markdown) {
        editor?.commands.setContent(markdownToDoc(markdown));
      },
      insertMarkdown(markdown) {
        if (editor) insertAfterSelection(editor, markdownToDoc(markdown).content ?? []);
      },
      showPassage(passage) {
        const range = editor ? rangeOfAnchor(editor.state, passage.anchor) : null;
        if (range) select(range);
        else this.showText(passage.quote);
      },
      showText(words) {
        if (!editor) return;
        let found: { from: number; to: number } | null = null;
        editor.state.doc.descendants((node, pos) => {
          if (found || !node.isText) return !found;
          const at = node.text!.indexOf(words);
          if (at >= 0) found = { from: pos + at, to: pos + at + words.length };
          return false;
        });
        if (found) select(found);
        else editor.view.focus();
      },
    };
  }, [editor, report]);

  return (
    <div>
      {editor && editable ? <EditorToolbar editor={editor} panel={panel} onPanel={setPanel} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
});

/** Another member's caret with their name; colours set through the CSSOM, which the CSP allows. */
function renderCaret(member: Record<string, string>): HTMLElement {
  const caret = document.createElement("span");
  caret.className = "collaboration-carets__caret";
  caret.style.borderColor = member.color;
  const label = document.createElement("span");
  label.className = "collaboration-carets__label";
  label.style.backgroundColor = member.color;
  label.textContent = member.name;
  caret.append(label);
  return caret;
}
