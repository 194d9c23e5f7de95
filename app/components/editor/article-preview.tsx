import { articleBlocks } from "~/domain/article-blocks";

/** The article as readers will see it. Text only, rendered by React, so markup in the body shows as text. */
export function ArticlePreview({ text }: { text: string }) {
  const blocks = articleBlocks(text);
  return (
    <article className="min-h-[28rem] max-w-none space-y-4 p-6 leading-relaxed" data-testid="preview">
      {blocks.length === 0 ? <p className="text-slate-500">Nothing to preview yet.</p> : null}
      {blocks.map((b, i) => {
        if (b.kind === "ul")
          return (
            <ul key={i} className="list-disc space-y-1 pl-6">
              {b.items.map((item, j) => (
                <li key={j}>{item}</li>
              ))}
            </ul>
          );
        if (b.kind === "h1")
          return (
            <h2 key={i} className="text-2xl font-bold">
              {b.text}
            </h2>
          );
        if (b.kind === "h2")
          return (
            <h3 key={i} className="text-xl font-semibold">
              {b.text}
            </h3>
          );
        if (b.kind === "h3")
          return (
            <h4 key={i} className="text-lg font-semibold">
              {b.text}
            </h4>
          );
        return <p key={i}>{b.text}</p>;
      })}
    </article>
  );
}
