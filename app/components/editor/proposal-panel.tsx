import { Check, Wand2, X } from "lucide-react";
import { useState } from "react";
import { applySuggestion, type Suggestion } from "~/domain/suggestions";
import { buttonClass, primaryClass } from "./editor-buttons";
import { ProposalCompare } from "./proposal-compare";
import type { Proposal } from "./use-generate";

const TITLES = { enhance: "AI Enhance", draft: "AI Draft" } as const;
type Ready = Extract<Proposal, { state: "ready" }>;

function sourceLine(p: Ready): string {
  const a = p.answer;
  if (a.source === "model")
    return `Written by ${a.model ?? "the configured model"} · ${a.usage.prompt.toLocaleString("en")} prompt + ${a.usage.completion.toLocaleString("en")} completion tokens`;
  return "Written by the built-in assistant (writing rules and your library, no AI model) · no tokens used";
}

/** Applies the chosen one-click suggestions to the proposal, last first so earlier spans stay valid. */
function withChosen(text: string, list: Suggestion[], chosen: Set<string>): string {
  return list
    .filter((s) => chosen.has(s.id))
    .sort((a, b) => b.start - a.start)
    .reduce((out, s) => applySuggestion(out, s), text);
}

/** What the writer gets on Accept: for a draft over existing text, the draft below it or instead of it. */
function finalText(p: Ready, mode: "insert" | "replace", chosen: Set<string>): string {
  const proposed = withChosen(p.answer.text, p.suggestions, chosen);
  if (p.purpose === "draft" && mode === "insert" && p.before.trim()) return `${p.before.trimEnd()}\n\n${proposed}`;
  return proposed;
}

function Ready({ p, mode, chosen, toggle }: { p: Ready; mode: "insert" | "replace"; chosen: Set<string>; toggle: (id: string) => void }) {
  const changes = p.answer.changes ?? [];
  const draftBelow = p.purpose === "draft" && mode === "insert" && p.before.trim();
  const rows = draftBelow ? p.blocks.map((html) => ({ kind: "added" as const, text: "", html })) : p.paragraphs;
  const unchanged = p.answer.text === p.before;
  return (
    <>
      <p className="mt-1 text-xs text-slate-500" data-testid="proposal-source">
        {sourceLine(p)}
        {p.scoreAfter === null
          ? " · an outline is not scored"
          : ` · brand-voice score ${p.scoreBefore === null ? "" : `${p.scoreBefore} → `}${p.scoreAfter}`}
      </p>
      {p.answer.outline ? (
        <p className="mt-2 rounded-lg bg-violet-50 px-3 py-2 text-sm text-violet-900" data-testid="outline-notice">
          <strong>An outline, not a finished text.</strong> Without a model the assistant writes no sentences for you: the brief&apos;s
          points as sections, passages from your library and notes on what each section should say. Write the sections in your own words and
          delete the notes. For a full draft, connect a model in Settings › AI Agents (a local Ollama works).
        </p>
      ) : p.answer.source === "local" ? (
        <p className="mt-1 text-xs text-slate-500" data-testid="builtin-limits">
          The built-in assistant changes wording by rule (hype and weak words, doubled words, banned terms, long sentences at a clear break)
          and offers active-voice rewrites for you to tick; it says where a brand keyword could fit but never writes a sentence for you.
          Connect a model in Settings › AI Agents (a local Ollama works) for full rewrites.
        </p>
      ) : null}
      {p.answer.fallbackReason ? (
        <p role="alert" className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {p.answer.fallbackReason}
        </p>
      ) : null}
      {changes.length ? (
        <details className="mt-2 text-sm" data-testid="proposal-changes">
          <summary className="cursor-pointer font-medium">
            {changes.length} safe {changes.length === 1 ? "change" : "changes"} made
          </summary>
          <ul className="mt-1 list-disc pl-5 text-slate-600">
            {changes.map((c, i) => (
              <li key={i}>{c}</li>
            ))}
          </ul>
        </details>
      ) : null}
      {unchanged ? (
        <p className="mt-2 text-sm text-slate-600" data-testid="proposal-unchanged">
          No change could be made safely without asking you
          {p.suggestions.length || p.remaining.length ? ": see below." : "; every part of the score is at its target."}
        </p>
      ) : draftBelow ? (
        <>
          <p className="mt-2 text-xs text-slate-600">
            Your {p.before.trim().split(/\s+/).length} words stay as they are; the draft goes below them.
          </p>
          <ProposalCompare rows={rows} />
        </>
      ) : (
        <ProposalCompare rows={rows} />
      )}
      {p.suggestions.length ? (
        <fieldset className="mt-3" data-testid="proposal-suggestions">
          <legend className="text-sm font-medium">Not changed without you: tick to include</legend>
          <ul className="mt-1 space-y-1">
            {p.suggestions.map((s) => (
              <li key={s.id} className="text-sm">
                <label className="flex items-start gap-2">
                  <input type="checkbox" className="mt-1" checked={chosen.has(s.id)} onChange={() => toggle(s.id)} />
                  <span>
                    {s.message}
                    <span className="block text-xs text-slate-500">{s.replacement?.trim()}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      {p.remaining.length ? (
        <details className="mt-2 text-sm" data-testid="proposal-remaining" open={unchanged}>
          <summary className="cursor-pointer font-medium">What would still raise the score</summary>
          <ul className="mt-1 list-disc pl-5 text-slate-600">
            {p.remaining.slice(0, 8).map((f, i) => (
              <li key={i}>{f.message}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}

/** The assistant's proposal, compared paragraph by paragraph: nothing changes until the writer accepts. */
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
  const [mode, setMode] = useState<"insert" | "replace">("insert");
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const toggle = (id: string) =>
    setChosen((c) => {
      const next = new Set(c);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const ready = proposal.state === "ready" ? proposal : null;
  const hasText = !!ready?.before.trim();
  const changed = !!ready && finalText(ready, mode, chosen) !== ready.before;
  return (
    <section
      aria-labelledby="proposal-title"
      className="mb-4 rounded-xl border border-indigo-200 bg-white p-4 shadow-sm"
      data-testid="proposal"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="proposal-title" className="flex items-center gap-2 font-semibold">
          <Wand2 size={16} className="text-indigo-600" aria-hidden /> {TITLES[proposal.purpose]}
        </h2>
        <div className="flex flex-wrap gap-2">
          {ready && ready.purpose === "draft" && hasText ? (
            <>
              <button
                type="button"
                className={mode === "insert" ? primaryClass : buttonClass}
                aria-pressed={mode === "insert"}
                onClick={() => setMode("insert")}
              >
                Insert below
              </button>
              <button
                type="button"
                className={mode === "replace" ? primaryClass : buttonClass}
                aria-pressed={mode === "replace"}
                onClick={() => setMode("replace")}
              >
                Replace my text
              </button>
            </>
          ) : null}
          {ready && changed ? (
            <button
              type="button"
              className={primaryClass}
              disabled={accepting || !canAccept}
              onClick={() => onAccept(finalText(ready, mode, chosen))}
            >
              <Check size={16} aria-hidden />{" "}
              {accepting
                ? "Saving…"
                : ready.purpose === "draft" && hasText
                  ? mode === "insert"
                    ? "Accept: insert below"
                    : "Accept: replace"
                  : "Accept"}
            </button>
          ) : null}
          <button type="button" className={buttonClass} onClick={onDiscard}>
            <X size={16} aria-hidden /> {changed ? "Discard" : "Close"}
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
            {/* Marks stripped while a model writes; the finished proposal shows through the one renderer. */}
            {proposal.text.replace(/^#{1,6}\s+/gm, "").replace(/\*\*|__/g, "")}
          </p>
        </>
      ) : null}
      {ready ? <Ready p={ready} mode={mode} chosen={chosen} toggle={toggle} /> : null}
    </section>
  );
}
