import { Check, Wand2, X } from "lucide-react";
import { diffCounts } from "~/domain/proposal-diff";
import { buttonClass, primaryClass } from "./editor-buttons";
import type { Proposal } from "./use-generate";

const TITLES = { enhance: "AI Enhance", draft: "AI Draft" } as const;

function sourceLine(p: Extract<Proposal, { state: "ready" }>): string {
  const a = p.answer;
  if (a.source === "model")
    return `Written by ${a.model ?? "the configured model"} · ${a.usage.prompt.toLocaleString("en")} prompt + ${a.usage.completion.toLocaleString("en")} completion tokens`;
  return "Written by the built-in assistant (rules and templates, no AI model) · no tokens used";
}

/** The assistant's proposal as a before/after diff: nothing changes until the writer accepts. */
export function ProposalPanel({
  proposal,
  onAccept,
  onDiscard,
  accepting,
  canAccept,
}: {
  proposal: Proposal;
  onAccept: (text: string) => void;
  onDiscard: () => void;
  accepting: boolean;
  canAccept: boolean;
}) {
  const counts = proposal.state === "ready" ? diffCounts(proposal.diff) : null;
  const unchanged = proposal.state === "ready" && proposal.answer.text === proposal.before;
  return (
    <section
      aria-labelledby="proposal-title"
      className="mb-4 rounded-xl border border-indigo-200 bg-white p-4 shadow-sm"
      data-testid="proposal"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="proposal-title" className="flex items-center gap-2 font-semibold">
          <Wand2 size={16} className="text-indigo-600" aria-hidden /> {TITLES[proposal.purpose]}
          {counts ? (
            <span className="text-xs font-normal text-slate-500">
              +{counts.added} / −{counts.removed} words
            </span>
          ) : null}
        </h2>
        <div className="flex gap-2">
          {proposal.state === "ready" && !unchanged ? (
            <button
              type="button"
              className={primaryClass}
              disabled={accepting || !canAccept}
              onClick={() => onAccept(proposal.answer.text)}
            >
              <Check size={16} aria-hidden /> {accepting ? "Saving…" : "Accept"}
            </button>
          ) : null}
          <button type="button" className={buttonClass} onClick={onDiscard}>
            <X size={16} aria-hidden /> {proposal.state === "ready" && !unchanged ? "Discard" : "Close"}
          </button>
        </div>
      </div>
      {proposal.state === "failed" ? (
        <p role="alert" className="mt-2 text-sm text-rose-600">
          {proposal.error}
        </p>
      ) : null}
      {proposal.state === "streaming" ? (
        <>
          <p role="status" className="mt-1 text-xs text-slate-500">
            Writing…
          </p>
          <p className="mt-2 max-h-80 overflow-auto whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-sm" data-testid="proposal-stream">
            {proposal.text}
          </p>
        </>
      ) : null}
      {proposal.state === "ready" ? (
        <>
          <p className="mt-1 text-xs text-slate-500" data-testid="proposal-source">
            {sourceLine(proposal)}
          </p>
          {proposal.answer.fallbackReason ? (
            <p role="alert" className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {proposal.answer.fallbackReason}
            </p>
          ) : null}
          {unchanged ? (
            <p className="mt-2 text-sm text-slate-600">Nothing to change: the assistant found no safe improvement.</p>
          ) : (
            <p
              className="mt-2 max-h-80 overflow-auto whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-sm leading-relaxed"
              data-testid="proposal-diff"
            >
              {proposal.diff.map((part, i) =>
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
            </p>
          )}
        </>
      ) : null}
    </section>
  );
}
