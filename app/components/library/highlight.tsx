import { highlightParts, type TextPart } from "~/domain/body-search";

/** Text with the matched part marked. */
export function Marked({ parts }: { parts: TextPart[] }) {
  return (
    <>
      {parts.map((p, i) =>
        p.hit ? (
          <mark key={i} className="rounded-sm bg-amber-100 px-0.5 text-inherit">
            {p.text}
          </mark>
        ) : (
          p.text
        ),
      )}
    </>
  );
}

export function Highlight({ text, term }: { text: string; term: string }) {
  return term ? <Marked parts={highlightParts(text, term)} /> : <>{text}</>;
}

/** “…where the words occur in the text…”, for items found by their body. */
export function BodyExcerpt({ parts }: { parts?: TextPart[] }) {
  if (!parts) return null;
  return (
    <p className="line-clamp-3 text-xs text-slate-600" data-testid="body-excerpt">
      <span className="sr-only">Found in the text: </span>
      <Marked parts={parts} />
    </p>
  );
}
