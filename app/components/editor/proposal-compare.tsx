import type { Block, DiffPart, ParagraphRow } from "~/domain/proposal-diff";

function Words({ parts }: { parts: DiffPart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.kind === "added" ? (
          <ins key={i} className="bg-emerald-100 text-emerald-900 no-underline">
            {part.text}
          </ins>
        ) : part.kind === "removed" ? (
          <del key={i} className="bg-rose-100 text-rose-900">
            {part.text}
          </del>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

const LABEL: Record<ParagraphRow["kind"], string> = { same: "Kept", removed: "Removed", added: "New", changed: "Changed" };
const LOOK: Record<ParagraphRow["kind"], string> = {
  same: "border-slate-200 text-slate-500",
  removed: "border-rose-300 bg-rose-50 text-rose-900 line-through decoration-rose-400",
  added: "border-emerald-300 bg-emerald-50 text-emerald-900",
  changed: "border-amber-300 bg-white",
};

/** How a changed paragraph is shown: as its block, with the reader's words (no marks) compared inside. */
const BLOCK_LOOK: Record<Block, string> = {
  h1: "text-lg font-bold",
  h2: "text-base font-bold",
  h3: "font-semibold",
  h4: "font-semibold",
  h5: "font-semibold",
  h6: "font-semibold",
  blockquote: "border-l-2 border-slate-300 pl-3 italic",
  li: "list-item ml-5 list-disc",
  p: "",
};

/**
 * The proposal compared paragraph by paragraph: each paragraph kept, changed (words marked inside it), removed
 * or new. Paragraphs show as a reader sees them (the one renderer's HTML, sanitised on the server), never as
 * raw Markdown; a long kept paragraph is clamped to three lines, never cut inside a word.
 */
export function ProposalCompare({ rows }: { rows: ParagraphRow[] }) {
  return (
    <ol
      className="mt-2 max-h-96 space-y-2 overflow-auto text-sm leading-relaxed"
      data-testid="proposal-diff"
      aria-label="Changes by paragraph"
    >
      {rows.map((row, i) => (
        <li key={i} className={`rounded-lg border-l-4 px-3 py-2 ${LOOK[row.kind]}`} data-testid="proposal-paragraph" data-kind={row.kind}>
          <span className="sr-only">{LABEL[row.kind]}: </span>
          <span aria-hidden className="mb-0.5 block text-[10px] font-semibold uppercase tracking-wide text-slate-500 no-underline">
            {LABEL[row.kind]}
          </span>
          {row.kind === "changed" ? (
            <div className={BLOCK_LOOK[row.block]} data-block={row.block}>
              <Words parts={row.words} />
            </div>
          ) : (
            <div
              className={`article-body ${row.kind === "same" ? "line-clamp-3" : ""}`}
              // Sanitised by the one renderer on the server (rehype-sanitize, decision 023).
              dangerouslySetInnerHTML={{ __html: row.html }}
            />
          )}
        </li>
      ))}
    </ol>
  );
}
