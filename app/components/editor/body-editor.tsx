import { lazy, Suspense, useEffect, useState, type Ref } from "react";
import type { RichEditorHandle, RichEditorProps } from "./rich-editor";

// The rich editor and the co-editing code load after the first paint; until then (and without
// JavaScript) the body is the plain Markdown textarea.
const RichEditor = lazy(() => import("./rich-editor"));

interface Props extends Omit<RichEditorProps, "fallback"> {
  handle: Ref<RichEditorHandle>;
  /** The server-rendered textarea, shown before the rich editor is ready. */
  textarea: JSX.Element;
}

export function BodyEditor({ handle, textarea, ...props }: Props) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return textarea;
  return (
    <Suspense fallback={textarea}>
      <RichEditor ref={handle} fallback={textarea} {...props} />
    </Suspense>
  );
}
