import { useRevalidator } from "@remix-run/react";
import { Eye, History, Share2, Wand2 } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { StatusBadge } from "~/components/ui/badges";
import type { TransitionName } from "~/domain/lifecycle";
import { applySuggestion, quickSuggestions } from "~/domain/suggestions";
import { WORDS_PER_MINUTE, textStats } from "~/domain/text-stats";
import { ConflictPanel } from "./conflict-panel";
import { buttonClass as button } from "./editor-buttons";
import { HistoryPanel, type Revision } from "./history-panel";
import { SaveIndicator } from "./save-indicator";
import { SidePanel, type SidePanelProps } from "./side-panel";
import { StatusActions, type ScheduleProps } from "./status-actions";
import { readBackup, useAutosave } from "./use-autosave";

interface Props extends Omit<SidePanelProps, "itemId" | "suggestions" | "onApply" | "canEdit">, ScheduleProps {
  canEdit: boolean;
  item: { id: string; title: string; status: string; body: string; version: number };
  transitions: TransitionName[];
  revisions: Revision[];
}

/** The editor refreshes this often: presence heartbeat, collaborators, comments and history. */
const REFRESH_MS = 30_000;

export function EditorPanel({ item, comments, collaborators, canEdit, canComment, transitions, revisions, schedule, scheduleOffer }: Props) {
  const [text, setText] = useState(item.body);
  const [preview, setPreview] = useState(false);
  const [copied, setCopied] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const [backup, setBackup] = useState<string | null>(null);
  const { state, saveNow, resolve, restore, dirty } = useAutosave(item.id, item.version, text);
  const stats = useMemo(() => textStats(text), [text]);
  const suggestions = useMemo(() => quickSuggestions(text), [text]);
  const revalidator = useRevalidator();

  useEffect(() => setBackup(canEdit ? readBackup(item.id, item.body) : null), [item.id, item.body, canEdit]);
  useEffect(() => {
    const timer = setInterval(() => revalidator.state === "idle" && revalidator.revalidate(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [revalidator]);
  // Saves change the history: refresh it when it opens and after each save while it is on screen.
  const savedAt = state.kind === "saved" ? state.at : null;
  useEffect(() => {
    if (showHistory) revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [savedAt, showHistory]);

  async function share() {
    await navigator.clipboard?.writeText(`${window.location.origin}/editor?id=${item.id}`).catch(() => undefined);
    setCopied(true);
  }

  async function restoreRevision(revision: Revision) {
    const body = await restore(revision.id);
    if (body !== null) setText(body);
  }

  return (
    <div className="mx-auto grid max-w-7xl gap-6 lg:grid-cols-[1fr_20rem]">
      <div>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <h1 className="truncate text-2xl font-bold tracking-tight">{item.title}</h1>
            <div className="mt-1 flex items-center gap-3">
              <StatusBadge status={item.status} />
              <SaveIndicator state={state} />
            </div>
          </div>
          <div className="flex flex-wrap items-center justify-end gap-2">
            <button type="button" className={button} aria-expanded={showHistory} onClick={() => setShowHistory((v) => !v)}>
              <History size={16} aria-hidden /> History
            </button>
            <button type="button" className={button} onClick={share}>
              <Share2 size={16} aria-hidden /> {copied ? "Link copied" : "Share"}
            </button>
            <StatusActions itemId={item.id} status={item.status} transitions={transitions} busy={dirty || state.kind === "saving"} schedule={schedule} scheduleOffer={scheduleOffer} />
          </div>
        </div>
        {canEdit ? null : (
          <p id="read-only-note" className="mb-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-800">
            Read only: your role can view this item but not change it.
          </p>
        )}
        {backup !== null && backup !== text ? (
          <div role="alert" className="mb-3 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-sky-200 bg-sky-50 px-4 py-2 text-sm text-sky-900">
            <span>This browser kept text you typed here that was never saved.</span>
            <span className="flex gap-2">
              <button type="button" className={button} onClick={() => { setText(backup); setBackup(null); }}>
                Bring it back
              </button>
              <button type="button" className={button} onClick={() => setBackup(null)}>
                Dismiss
              </button>
            </span>
          </div>
        ) : null}
        {showHistory ? <HistoryPanel revisions={revisions} canRestore={canEdit && state.kind !== "conflict"} onRestore={restoreRevision} onClose={() => setShowHistory(false)} /> : null}
        {state.kind === "conflict" ? (
          <ConflictPanel mine={text} theirs={state.theirs.body} onKeepMine={() => resolve(text, state.theirs.version)} onUseTheirs={() => { setText(state.theirs.body); resolve(state.theirs.body, state.theirs.version); }} />
        ) : null}
        <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
          {preview ? (
            <article className="prose min-h-[28rem] max-w-none space-y-4 p-6" data-testid="preview">
              {text.split(/\n{2,}/).map((p, i) => (i === 0 ? <h2 key={i} className="text-xl font-bold">{p}</h2> : <p key={i}>{p}</p>))}
            </article>
          ) : (
            <textarea
              aria-label="Content body"
              readOnly={!canEdit}
              aria-describedby={canEdit ? undefined : "read-only-note"}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onBlur={saveNow}
              className="block min-h-[28rem] w-full resize-y rounded-t-xl border-0 p-6 text-base leading-relaxed focus:ring-0"
            />
          )}
          <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-6 py-3 text-sm text-slate-600">
            <div className="flex gap-5" data-testid="editor-stats">
              <span><strong className="text-slate-900">{stats.words}</strong> words</span>
              <span title="Flesch reading ease, 0–100">Readability: <strong className="text-slate-900">{stats.readability}%</strong></span>
              <span title={`At ${WORDS_PER_MINUTE} words per minute`}>{stats.readingMinutes} min read</span>
            </div>
            <div className="flex gap-2">
              <button type="button" className={button} disabled title="Arrives with the writing assistant">
                <Wand2 size={16} aria-hidden /> AI Enhance
              </button>
              <button type="button" className={button} aria-pressed={preview} onClick={() => setPreview((p) => !p)}>
                <Eye size={16} aria-hidden /> {preview ? "Edit" : "Preview"}
              </button>
            </div>
          </footer>
        </div>
      </div>
      <SidePanel itemId={item.id} comments={comments} collaborators={collaborators} suggestions={suggestions} onApply={(s) => setText((t) => applySuggestion(t, s))} canEdit={canEdit} canComment={canComment} />
    </div>
  );
}
