import type { Editor } from "@tiptap/react";
import { useEditorState } from "@tiptap/react";
import {
  Bold,
  Heading1,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  Quote,
  Redo2,
  Strikethrough,
  Undo2,
  type LucideIcon,
} from "lucide-react";
import { useState, type FormEvent } from "react";
import { anchorOfSelection, rangeOfAnchor } from "./comment-anchors";
import { buttonClass } from "./editor-buttons";

export type ToolbarPanel = "link" | "image" | null;

const MOD = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform) ? "⌘" : "Ctrl+";

interface Tool {
  label: string;
  icon: LucideIcon;
  keys?: string;
  active?: (e: Editor) => boolean;
  run: (e: Editor) => void;
}

const TOOLS: Tool[][] = [
  [
    { label: "Bold", icon: Bold, keys: `${MOD}B`, active: (e) => e.isActive("bold"), run: (e) => e.chain().focus().toggleBold().run() },
    {
      label: "Italic",
      icon: Italic,
      keys: `${MOD}I`,
      active: (e) => e.isActive("italic"),
      run: (e) => e.chain().focus().toggleItalic().run(),
    },
    {
      label: "Strikethrough",
      icon: Strikethrough,
      keys: `${MOD}Shift+S`,
      active: (e) => e.isActive("strike"),
      run: (e) => e.chain().focus().toggleStrike().run(),
    },
  ],
  ([1, 2, 3] as const).map((level) => ({
    label: `Heading ${level}`,
    icon: [Heading1, Heading2, Heading3][level - 1],
    keys: `${MOD}Alt+${level}`,
    active: (e: Editor) => e.isActive("heading", { level }),
    run: (e: Editor) => e.chain().focus().toggleHeading({ level }).run(),
  })),
  [
    {
      label: "Bulleted list",
      icon: List,
      keys: `${MOD}Shift+8`,
      active: (e) => e.isActive("bulletList"),
      run: (e) => e.chain().focus().toggleBulletList().run(),
    },
    {
      label: "Numbered list",
      icon: ListOrdered,
      keys: `${MOD}Shift+7`,
      active: (e) => e.isActive("orderedList"),
      run: (e) => e.chain().focus().toggleOrderedList().run(),
    },
    {
      label: "Quote",
      icon: Quote,
      keys: `${MOD}Shift+B`,
      active: (e) => e.isActive("blockquote"),
      run: (e) => e.chain().focus().toggleBlockquote().run(),
    },
  ],
  [
    { label: "Undo", icon: Undo2, keys: `${MOD}Z`, run: (e) => e.chain().focus().undo().run() },
    { label: "Redo", icon: Redo2, keys: `${MOD}Shift+Z`, run: (e) => e.chain().focus().redo().run() },
  ],
];

const toolClass =
  "inline-flex h-9 min-w-9 items-center justify-center rounded-md px-2 text-slate-700 hover:bg-slate-100 aria-pressed:bg-indigo-100 aria-pressed:text-indigo-800";

/** Formatting controls: each is a button with its shortcut in the name's description; wraps on narrow screens. */
export function EditorToolbar({ editor, panel, onPanel }: { editor: Editor; panel: ToolbarPanel; onPanel: (p: ToolbarPanel) => void }) {
  // Pressed states follow the caret: a plain list of flags, compared cheaply between renders.
  const pressed = useEditorState({
    editor,
    selector: ({ editor: e }) => [...TOOLS.flat().map((t) => t.active?.(e) ?? false), e.isActive("link")].join(),
  }).split(",");
  const isPressed = (index: number) => pressed[index] === "true";
  return (
    <div className="border-b border-slate-100">
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap items-center gap-1 px-3 py-2">
        {TOOLS.map((group, i) => (
          <div key={i} className="flex items-center gap-0.5 border-r border-slate-100 pr-1 last:border-r-0">
            {group.map((tool, j) => (
              <button
                key={tool.label}
                type="button"
                className={toolClass}
                aria-label={tool.label}
                title={tool.keys ? `${tool.label} (${tool.keys})` : tool.label}
                aria-pressed={tool.active ? isPressed(TOOLS.slice(0, i).flat().length + j) : undefined}
                onClick={() => tool.run(editor)}
              >
                <tool.icon size={16} aria-hidden />
              </button>
            ))}
          </div>
        ))}
        <button
          type="button"
          className={toolClass}
          aria-label="Link"
          title={`Link (${MOD}K)`}
          aria-pressed={isPressed(TOOLS.flat().length)}
          aria-expanded={panel === "link"}
          onClick={() => onPanel(panel === "link" ? null : "link")}
        >
          <Link2 size={16} aria-hidden />
        </button>
        <button
          type="button"
          className={toolClass}
          aria-label="Image"
          title="Image by address, with alt text"
          aria-expanded={panel === "image"}
          onClick={() => onPanel(panel === "image" ? null : "image")}
        >
          <ImagePlus size={16} aria-hidden />
        </button>
      </div>
      {panel === "link" ? <LinkForm editor={editor} onDone={() => onPanel(null)} /> : null}
      {panel === "image" ? <ImageForm editor={editor} onDone={() => onPanel(null)} /> : null}
    </div>
  );
}

/** http(s) and mailto addresses only: no javascript: or data: links in the text. */
export function safeAddress(value: string, protocols = ["http:", "https:", "mailto:"]): string | null {
  try {
    const url = new URL(value.trim());
    return protocols.includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

const inputClass = "min-w-0 flex-1 rounded-md border border-slate-300 px-2 py-1.5 text-sm aria-[invalid=true]:border-rose-500";

function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const [href, setHref] = useState<string>(editor.getAttributes("link").href ?? "https://");
  const [error, setError] = useState<string | null>(null);
  // The words selected when the form opened, as places in the shared document: the link goes on them
  // even if the caret moved since, or a co-editor's typing shifted them.
  const [opened] = useState(() => ({
    from: editor.state.selection.from,
    to: editor.state.selection.to,
    anchor: anchorOfSelection(editor.state),
  }));
  function submit(e: FormEvent) {
    e.preventDefault();
    const address = safeAddress(href);
    if (!address) return setError("Enter a web address starting with https:// (or mailto:).");
    const words = opened.anchor ? rangeOfAnchor(editor.state, opened.anchor) : opened;
    if (!words) return setError("The words you selected were removed while this form was open: select them again.");
    editor.chain().focus().setTextSelection(words).extendMarkRange("link").setLink({ href: address }).run();
    onDone();
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-2 px-3 pb-2" aria-label="Link">
      <label htmlFor="link-address" className="text-sm font-medium">
        Link address
      </label>
      <input
        id="link-address"
        type="url"
        autoFocus
        className={inputClass}
        value={href}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "link-error" : undefined}
        onChange={(e) => setHref(e.target.value)}
        onKeyDown={(e) => e.key === "Escape" && (onDone(), editor.commands.focus())}
      />
      <button type="submit" className={buttonClass}>
        Apply link
      </button>
      {editor.isActive("link") ? (
        <button
          type="button"
          className={buttonClass}
          onClick={() => (editor.chain().focus().extendMarkRange("link").unsetLink().run(), onDone())}
        >
          Remove link
        </button>
      ) : null}
      <button type="button" className={buttonClass} onClick={() => (onDone(), editor.commands.focus())}>
        Cancel
      </button>
      {error ? (
        <p id="link-error" className="w-full text-sm text-rose-600">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function ImageForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const [src, setSrc] = useState("https://");
  const [alt, setAlt] = useState("");
  const [errors, setErrors] = useState<{ src?: string; alt?: string }>({});
  function submit(e: FormEvent) {
    e.preventDefault();
    const address = safeAddress(src, ["http:", "https:"]);
    const next = {
      src: address ? undefined : "Enter the image's address, starting with https://.",
      alt: alt.trim() ? undefined : "Describe the image for readers who cannot see it.",
    };
    setErrors(next);
    if (next.src || next.alt) return;
    editor.chain().focus().setImage({ src: address!, alt: alt.trim() }).run();
    onDone();
  }
  return (
    <form onSubmit={submit} noValidate className="grid gap-2 px-3 pb-2 sm:grid-cols-[auto_1fr]" aria-label="Image">
      <label htmlFor="image-address" className="text-sm font-medium">
        Image address
      </label>
      <div>
        <input
          id="image-address"
          type="url"
          autoFocus
          className={`${inputClass} w-full`}
          value={src}
          aria-invalid={errors.src ? true : undefined}
          aria-describedby={errors.src ? "image-address-error" : undefined}
          onChange={(e) => setSrc(e.target.value)}
        />
        {errors.src ? (
          <p id="image-address-error" className="text-sm text-rose-600">
            {errors.src}
          </p>
        ) : null}
      </div>
      <label htmlFor="image-alt" className="text-sm font-medium">
        Alt text
      </label>
      <div>
        <input
          id="image-alt"
          className={`${inputClass} w-full`}
          value={alt}
          required
          aria-invalid={errors.alt ? true : undefined}
          aria-describedby={errors.alt ? "image-alt-error" : undefined}
          onChange={(e) => setAlt(e.target.value)}
        />
        {errors.alt ? (
          <p id="image-alt-error" className="text-sm text-rose-600">
            {errors.alt}
          </p>
        ) : null}
      </div>
      <div className="flex gap-2 sm:col-start-2">
        <button type="submit" className={buttonClass}>
          Insert image
        </button>
        <button type="button" className={buttonClass} onClick={() => (onDone(), editor.commands.focus())}>
          Cancel
        </button>
      </div>
    </form>
  );
}
