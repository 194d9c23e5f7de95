import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import type { action } from "~/routes/preview";

/**
 * The article as readers will see it: the server renders it through the one renderer (sanitised).
 * `rendered` is that HTML from the page's loader (Preview opened from the address, scripts off).
 */
export function ArticlePreview({ text, rendered = null }: { text: string; rendered?: string | null }) {
  const preview = useFetcher<typeof action>();
  const { submit } = preview;
  useEffect(() => {
    if (text.trim()) submit({ text }, { method: "post", action: "/preview" });
  }, [text, submit]);
  const reply = preview.data ?? (rendered === null ? undefined : { ok: true as const, html: rendered });
  return (
    <article className="article-body min-h-[28rem] max-w-none p-6" data-testid="preview" aria-busy={preview.state !== "idle"}>
      {!text.trim() ? (
        <p className="text-slate-500">Nothing to preview yet.</p>
      ) : reply?.ok ? (
        // Sanitised by rehype-sanitize on the server (app/domain/markdown.ts).
        <div dangerouslySetInnerHTML={{ __html: reply.html }} />
      ) : reply ? (
        <p role="alert">{reply.formError}</p>
      ) : (
        <p className="text-slate-500">Rendering the preview…</p>
      )}
    </article>
  );
}
