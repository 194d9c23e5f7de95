import { FileText, X } from "lucide-react";
import { useState } from "react";
import { buttonClass, primaryClass } from "./editor-buttons";

/** A brief for AI Draft: what the piece should say and for whom. */
export function DraftForm({ onDraft, onClose, busy }: { onDraft: (brief: string) => void; onClose: () => void; busy: boolean }) {
  const [brief, setBrief] = useState("");
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="mb-4 rounded-xl border border-indigo-200 bg-white p-4 shadow-sm"
      onSubmit={(e) => {
        e.preventDefault();
        if (!brief.trim()) return setError("Write a brief first: what the piece should say and for whom.");
        setError(null);
        onDraft(brief);
      }}
    >
      <div className="flex items-center justify-between">
        <label htmlFor="draft-brief" className="flex items-center gap-2 font-semibold">
          <FileText size={16} className="text-indigo-600" aria-hidden /> Draft from a brief
        </label>
        <button type="button" onClick={onClose} className="rounded p-1 text-slate-500 hover:bg-slate-100" aria-label="Close the draft form">
          <X size={16} aria-hidden />
        </button>
      </div>
      <textarea
        id="draft-brief"
        value={brief}
        onChange={(e) => setBrief(e.target.value)}
        maxLength={4000}
        placeholder="One sentence per point: the reader's problem, what to show, how to end."
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "draft-brief-error" : "draft-brief-hint"}
        className="mt-2 h-24 w-full rounded-lg border border-slate-200 p-2 text-sm"
      />
      {error ? (
        <p id="draft-brief-error" className="text-xs text-rose-600">
          {error}
        </p>
      ) : (
        <p id="draft-brief-hint" className="text-xs text-slate-500">
          Nothing changes until you choose to insert the draft below your text or replace it. Without an AI model, the built-in assistant
          turns each point of the brief into a section and quotes related passages from your published library; it invents no facts or
          figures. Connect a model in Settings › AI Agents for fully written drafts.
        </p>
      )}
      <div className="mt-2 flex gap-2">
        <button type="submit" className={primaryClass} disabled={busy}>
          Generate draft
        </button>
        <button type="button" className={buttonClass} onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
