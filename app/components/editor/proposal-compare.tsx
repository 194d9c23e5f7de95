import type { DiffPart, ParagraphRow } from "~/domain/proposal-diff";

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

const short = (text: string) => (text.length > 160 ? `${text.slice(0, 70)} … ${text.slice(-70)}` : text);

/** The proposal compared paragraph by paragraph: each paragraph kept, changed (words marked inside it), removed or new. */
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
          <span className="whitespace-pre-wrap">
            {row.kind === "changed" ? <Words parts={row.words} /> : row.kind === "same" ? short(row.text) : row.text}
          </span>
        </li>
      ))}
    </ol>
  );
}
