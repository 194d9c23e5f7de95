import { useRevalidator } from "@remix-run/react";
import { Eye, FileText, History, Share2, Wand2 } from "lucide-react";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { StatusBadge } from "~/components/ui/badges";
import type { VoiceScore } from "~/domain/assistant/types";
import type { TransitionName } from "~/domain/lifecycle";
import { applySuggestion, rebaseSuggestions, type Suggestion } from "~/domain/suggestions";
import { WORDS_PER_MINUTE, textStats } from "~/domain/text-stats";
import type { UsageSummary } from "~/domain/assistant/types";
import { ArticlePreview } from "./article-preview";
import { AssistantUsage } from "./assistant-usage";
import { ConflictPanel } from "./conflict-panel";
import { DraftForm } from "./draft-form";
import { buttonClass as button } from "./editor-buttons";
import { HistoryPanel, type Revision } from "./history-panel";
import { ProposalPanel } from "./proposal-panel";
import { SaveIndicator } from "./save-indicator";
import { SidePanel, type SidePanelProps } from "./side-panel";
import { StatusActions, type ScheduleProps } from "./status-actions";
import { SuggestionList } from "./suggestion-list";
import { useAssistantCheck } from "./use-assistant-check";
import { readBackup, useAutosave } from "./use-autosave";
import { useGenerate } from "./use-generate";
import { VoiceScoreCard } from "./voice-score-card";

interface Props extends Omit<SidePanelProps, "itemId" | "assistant">, ScheduleProps {
  canEdit: boolean;
  item: { id: string; title: string; status: string; body: string; version: number };
  transitions: TransitionName[];
  revisions: Revision[];
  assistant: {
    suggestions: Suggestion[];
    score: VoiceScore | null;
    threshold: number;
    toneName: string;
    model: string | null;
    usage: UsageSummary;
  };
  /** The Channels panel (its own component and route), below the text. */
  channels?: ReactNode;
}

/** The editor refreshes this often: presence heartbeat, collaborators, comments and history. */
const REFRESH_MS = 30_000;

export function EditorPanel({
  item,
  comments,
  collaborators,
  canEdit,
  canComment,
  transitions,
  revisions,
  assistant,
  schedule,
  scheduleOffer,
  channels,
}: Props) {
  const [text, setText] = useState(item.body);
  const [preview, setPreview] = useState(false);
  const [copied, setCopied] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const [showDraft, setShowDraft] = useState(false);
  const [accepting, setAccepting] = useState(false);
  const [backup, setBackup] = useState<string | null>(null);
  const body = useRef<HTMLTextAreaElement>(null);
  const { state, saveNow, resolve, restore, saveLabelled, dirty } = useAutosave(item.id, item.version, text);
  const stats = useMemo(() => textStats(text), [text]);
  const check = useAssistantCheck(text, {
    suggestions: assistant.suggestions,
    score: assistant.score,
    threshold: assistant.threshold,
    error: null,
    checking: false,
  });
  const { proposal, start, discard } = useGenerate(item.id);
  const revalidator = useRevalidator();
  const { revalidate } = revalidator; // stable, unlike the object, whose state changes while revalidating
  const busy = proposal !== null;

  useEffect(() => setBackup(canEdit ? readBackup(item.id, item.body) : null), [item.id, item.body, canEdit]);
  useEffect(() => {
    const timer = setInterval(() => revalidator.state === "idle" && revalidator.revalidate(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [revalidator]);
  // Saves change the history: refresh it when it opens and after each save while it is on screen.
  const savedAt = state.kind === "saved" ? state.at : null;
  useEffect(() => {
    if (showHistory) revalidate();
  }, [savedAt, showHistory, revalidate]);
  // A finished assistant call adds to the usage shown.
  const finished = proposal?.state === "ready";
  useEffect(() => {
    if (finished) revalidate();
  }, [finished, revalidate]);

  async function share() {
    await navigator.clipboard?.writeText(`${window.location.origin}/editor?id=${item.id}`).catch(() => undefined);
    setCopied(true);
  }

  async function restoreRevision(revision: Revision) {
    const restored = await restore(revision.id);
    if (restored !== null) setText(restored);
  }

  function apply(s: Suggestion) {
    const next = applySuggestion(text, s);
    if (next === text) return;
    setText(next);
    check.replace(rebaseSuggestions(check.suggestions, s));
  }

  function show(s: Suggestion) {
    setPreview(false);
    requestAnimationFrame(() => {
      body.current?.focus();
      body.current?.setSelectionRange(s.start, s.end);
    });
  }

  async function accept(after: string) {
    if (!proposal) return;
    setAccepting(true);
    const saved = await saveLabelled(after, proposal.purpose === "draft" ? "drafted" : "enhanced");
    setAccepting(false);
    if (saved) {
      setText(after);
      discard();
    }
  }

  const source = assistant.model
    ? `Checked by the built-in assistant's writing rules; AI Enhance and AI Draft use ${assistant.model}.`
    : "From the built-in assistant: writing rules and your brand guidelines, no AI model.";

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
            <StatusActions
              itemId={item.id}
              status={item.status}
              transitions={transitions}
              busy={dirty || state.kind === "saving"}
              score={check.score?.score ?? null}
              threshold={check.threshold}
              schedule={schedule}
              scheduleOffer={scheduleOffer}
            />
          </div>
        </div>
        {canEdit ? null : (
          <p id="read-only-note" className="mb-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-800">
            Read only: your role can view this item but not change it.
          </p>
        )}
        {backup !== null && backup !== text ? (
          <div
            role="alert"
            className="mb-3 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-sky-200 bg-sky-50 px-4 py-2 text-sm text-sky-900"
          >
            <span>This browser kept text you typed here that was never saved.</span>
            <span className="flex gap-2">
              <button
                type="button"
                className={button}
                onClick={() => {
                  setText(backup);
                  setBackup(null);
                }}
              >
                Bring it back
              </button>
              <button type="button" className={button} onClick={() => setBackup(null)}>
                Dismiss
              </button>
            </span>
          </div>
        ) : null}
        {showHistory ? (
          <HistoryPanel
            revisions={revisions}
            canRestore={canEdit && state.kind !== "conflict"}
            onRestore={restoreRevision}
            onClose={() => setShowHistory(false)}
          />
        ) : null}
        {state.kind === "conflict" ? (
          <ConflictPanel
            mine={text}
            theirs={state.theirs.body}
            onKeepMine={() => resolve(text, state.theirs.version)}
            onUseTheirs={() => {
              setText(state.theirs.body);
              resolve(state.theirs.body, state.theirs.version);
            }}
          />
        ) : null}
        {showDraft && !proposal ? (
          <DraftForm
            busy={busy}
            onClose={() => setShowDraft(false)}
            onDraft={(brief) => {
              setShowDraft(false);
              void start("draft", text, brief);
            }}
          />
        ) : null}
        {proposal ? (
          <ProposalPanel
            proposal={proposal}
            accepting={accepting}
            canAccept={canEdit && state.kind !== "conflict" && state.kind !== "saving"}
            onAccept={accept}
            onDiscard={discard}
          />
        ) : null}
        <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
          {preview ? (
            <ArticlePreview text={text} />
          ) : (
            <textarea
              ref={body}
              aria-label="Content body"
              readOnly={!canEdit || busy}
              aria-describedby={canEdit ? undefined : "read-only-note"}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onBlur={saveNow}
              className="block min-h-[28rem] w-full resize-y rounded-t-xl border-0 p-6 text-base leading-relaxed focus:ring-0"
            />
          )}
          <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-6 py-3 text-sm text-slate-600">
            <div className="flex gap-5" data-testid="editor-stats">
              <span>
                <strong className="text-slate-900">{stats.words}</strong> words
              </span>
              <span title="Flesch reading ease, 0–100">
                Readability: <strong className="text-slate-900">{stats.readability}%</strong>
              </span>
              <span title={`At ${WORDS_PER_MINUTE} words per minute`}>{stats.readingMinutes} min read</span>
            </div>
            <div className="flex gap-2">
              <button
                type="button"
                className={button}
                disabled={!canEdit || busy}
                aria-expanded={showDraft}
                onClick={() => setShowDraft((v) => !v)}
              >
                <FileText size={16} aria-hidden /> AI Draft
              </button>
              <button
                type="button"
                className={button}
                disabled={!canEdit || busy || !text.trim()}
                title={text.trim() ? undefined : "Write something first"}
                onClick={() => void start("enhance", text)}
              >
                <Wand2 size={16} aria-hidden /> AI Enhance
              </button>
              <button type="button" className={button} aria-pressed={preview} onClick={() => setPreview((p) => !p)}>
                <Eye size={16} aria-hidden /> {preview ? "Edit" : "Preview"}
              </button>
            </div>
          </footer>
        </div>
        {channels}
      </div>
      <SidePanel
        itemId={item.id}
        comments={comments}
        collaborators={collaborators}
        canComment={canComment}
        assistant={
          <>
            <VoiceScoreCard score={check.score} threshold={check.threshold} toneName={assistant.toneName} />
            <SuggestionList
              suggestions={check.suggestions}
              canEdit={canEdit && !busy}
              checking={check.checking}
              error={check.error}
              onApply={apply}
              onShow={show}
              source={source}
            >
              <AssistantUsage usage={assistant.usage} model={assistant.model} />
            </SuggestionList>
          </>
        }
      />
    </div>
  );
}
