import { useFetcher, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { PLAIN_SAVE_FORM, PlainSaveForm } from "./plain-save";
import { usePresence } from "./use-presence";
import { Eye, FileText, History, ImagePlus, MessageSquarePlus, Share2, Wand2 } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { StatusBadge } from "~/components/ui/badges";
import type { VoiceScore } from "~/domain/assistant/types";
import type { ChainAtPublish, TransitionName } from "~/domain/lifecycle";
import { passageIn, placeThreads } from "~/domain/comment-threads";
import { applySuggestion, rebaseSuggestions, type Suggestion } from "~/domain/suggestions";
import { WORDS_PER_MINUTE, type TextStats } from "~/domain/text-stats";
import type { UsageSummary } from "~/domain/assistant/types";
import { ArticlePreview } from "./article-preview";
import type { loader as rootLoader } from "~/root";
import { AssistantUsage } from "./assistant-usage";
import { BodyEditor } from "./body-editor";
import { ConflictPanel } from "./conflict-panel";
import { DetailsForm } from "./details-form";
import { DraftForm } from "./draft-form";
import { ImageForm } from "./image-form";
import { buttonClass as button } from "./editor-buttons";
import { HistoryPanel, type Revision } from "./history-panel";
import { LiveStatus, type LiveState } from "./live-status";
import { ProposalPanel } from "./proposal-panel";
import type { RichEditorHandle } from "./rich-editor";
import type { ShownText } from "./use-text-report";
import { SaveIndicator } from "./save-indicator";
import { ScriptButton } from "~/components/ui/script-button";
import { useHydrated } from "~/components/ui/use-hydrated";
import { SidePanel, type SidePanelProps } from "./side-panel";
import { StatusActions, type ScheduleProps } from "./status-actions";
import { SuggestionList } from "./suggestion-list";
import { useAssistantCheck } from "./use-assistant-check";
import { readBackup, useAutosave } from "./use-autosave";
import { useGenerate } from "./use-generate";
import { usePassage } from "./use-passage";
import { useLivePolling } from "~/components/ui/use-live-polling";
import { VoiceScoreCard } from "./voice-score-card";

interface Props extends Omit<SidePanelProps, "itemId" | "assistant" | "passage" | "onClearPassage" | "onShowPassage">, ScheduleProps {
  canEdit: boolean;
  /** The running approval chain, which decides instead of Publish. */
  publishChain: ChainAtPublish | null;
  item: {
    id: string;
    title: string;
    slug: string | null;
    excerpt: string;
    status: string;
    body: string;
    version: number;
    stats: TextStats;
  };
  transitions: TransitionName[];
  revisions: Revision[];
  /** History opened, and a restore being confirmed, from the address (how they work without scripts). */
  history: { open: boolean; confirming: string | null; typingNow: string[] };
  /** The text as readers see it, when Preview was opened from the address (how it opens without scripts). */
  previewHtml: string | null;
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
  members,
  collaborators,
  canEdit,
  canComment,
  transitions,
  publishChain,
  revisions,
  history,
  previewHtml,
  assistant,
  schedule,
  scheduleOffer,
  channels,
}: Props) {
  const [text, setText] = useState(item.body);
  const [preview, setPreview] = useState(previewHtml !== null);
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const [showHistory, setShowHistory] = useState(history.open);
  const [showDraft, setShowDraft] = useState(false);
  const [showImage, setShowImage] = useState(false);
  const [accepting, setAccepting] = useState(false);
  const [backup, setBackup] = useState<string | null>(null);
  const body = useRef<HTMLTextAreaElement>(null);
  const rich = useRef<RichEditorHandle>(null);
  // Set once the rich editor is connected: the co-editing document then saves the text.
  const [live, setLive] = useState<{ state: LiveState; reason?: string } | null>(null);
  // The live text as the editor shows it, where comments find their passages.
  const [shown, setShown] = useState<ShownText | null>(null);
  const onLiveState = useCallback((state: LiveState, reason?: string) => setLive({ state, reason }), []);
  const me = useRouteLoaderData<typeof rootLoader>("root")?.user;
  const passage = usePassage(body, rich, () => setPreview(false));
  const isLive = live !== null;
  const insertImage = useCallback(
    (markdown: string) => {
      setShowImage(false);
      setPreview(false);
      if (isLive && rich.current) return rich.current.insertMarkdown(markdown);
      const el = body.current;
      setText((current) => {
        const at = el ? el.selectionEnd : current.length;
        const before = current.slice(0, at).replace(/\s*$/, "");
        return `${before}${before ? "\n\n" : ""}${markdown}\n\n${current.slice(at).replace(/^\s*/, "")}`;
      });
    },
    [isLive],
  );
  const { state, saveNow, resolve, restore, saveLabelled, dirty } = useAutosave(item.id, item.version, text, isLive);
  const check = useAssistantCheck(text, {
    suggestions: assistant.suggestions,
    score: assistant.score,
    threshold: assistant.threshold,
    error: null,
    checking: false,
    stats: item.stats,
  });
  const { stats } = check;
  const { proposal, start, discard } = useGenerate(item.id);
  const present = usePresence(item.id); // who is editing, from the heartbeat
  const { revalidate } = useRevalidator();
  const busy = proposal !== null;

  useEffect(() => setBackup(canEdit && !live ? readBackup(item.id, item.body) : null), [item.id, item.body, canEdit, live]);
  useLivePolling(true, REFRESH_MS);
  // Saves change the history: refresh it when it opens and after each save while it is on screen.
  // Live, opening it first makes what was typed so far a revision (the action revalidates).
  const savedAt = state.kind === "saved" ? state.at : null;
  const checkpoint = useFetcher();
  const submitCheckpoint = useRef(checkpoint.submit);
  submitCheckpoint.current = checkpoint.submit;
  useEffect(() => {
    if (!showHistory) return;
    if (isLive) submitCheckpoint.current({ intent: "checkpoint", id: item.id }, { method: "post", action: "/editor" });
    else revalidate();
  }, [savedAt, showHistory, revalidate, isLive, item.id]);
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
    if (restored !== null && !live) setText(restored);
  }

  function apply(s: Suggestion) {
    const current = live ? (rich.current?.currentText() ?? text) : text;
    const next = applySuggestion(current, s);
    if (next === current) return;
    if (live) rich.current?.replaceText(next);
    else setText(next);
    check.replace(rebaseSuggestions(check.suggestions, s));
  }

  function show(s: Suggestion) {
    setPreview(false);
    if (live) {
      requestAnimationFrame(() => rich.current?.showText(text.slice(s.start, s.end)));
      return;
    }
    requestAnimationFrame(() => {
      body.current?.focus();
      body.current?.setSelectionRange(s.start, s.end);
    });
  }

  async function accept(after: string) {
    if (!proposal) return;
    setAccepting(true);
    const before = proposal.state === "ready" ? proposal.before : undefined;
    const saved = await saveLabelled(after, proposal.purpose === "draft" ? "drafted" : "enhanced", before);
    setAccepting(false);
    if (saved) {
      if (!live) setText(after);
      discard();
    }
  }

  // The saved body can lag the live text (co-editing): place the threads against what is on screen, by
  // their live anchor, else by their words. Without the rich editor the server's placement stands.
  const placed = useMemo(
    () => (shown ? placeThreads(comments, (t) => (t.anchor ? shown.locate(t.anchor) : null) ?? passageIn(shown.text, text)(t)) : comments),
    [comments, shown, text],
  );
  // The server-rendered body, and the body without JavaScript (the rich editor replaces it once loaded).
  const anchors = comments.filter((t) => !t.resolved && t.anchor).map((t) => t.anchor!);
  const textarea = (
    <textarea
      ref={body}
      name="body"
      form={PLAIN_SAVE_FORM}
      aria-label="Content body"
      readOnly={!canEdit || busy}
      aria-describedby={canEdit ? undefined : "read-only-note"}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={saveNow}
      onSelect={passage.onSelect}
      className="block min-h-[28rem] w-full resize-y rounded-t-xl border-0 p-4 text-base leading-relaxed focus:ring-0 sm:p-6"
    />
  );

  const source = assistant.model
    ? `Checked by the built-in assistant's writing rules; AI Enhance and AI Draft use ${assistant.model}.`
    : "From the built-in assistant: writing rules and your brand guidelines, no AI model.";

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <h1 className="break-words text-2xl font-bold tracking-tight lg:truncate">{item.title}</h1>
            <div className="mt-1 flex items-center gap-3">
              <StatusBadge status={item.status} />
              {live ? <LiveStatus state={live.state} reason={live.reason} /> : hydrated ? <SaveIndicator state={state} /> : null}
            </div>
          </div>
          <div className="flex flex-wrap items-center justify-end gap-2">
            <ScriptButton
              href={`/editor?id=${encodeURIComponent(item.id)}${showHistory ? "" : "&history=1#history-title"}`}
              className={button}
              aria-expanded={showHistory}
              onActivate={() => setShowHistory((v) => !v)}
            >
              <History size={16} aria-hidden /> History
            </ScriptButton>
            {/* Share copies this page's address; without scripts the address bar is the link. */}
            {hydrated ? (
              <button type="button" className={button} onClick={share}>
                <Share2 size={16} aria-hidden /> {copied ? "Link copied" : "Share"}
              </button>
            ) : null}
            <StatusActions
              itemId={item.id}
              status={item.status}
              transitions={transitions}
              busy={dirty || state.kind === "saving"}
              score={check.score?.score ?? null}
              threshold={check.threshold}
              chain={publishChain}
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
        <DetailsForm item={item} canEdit={canEdit} />
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
            itemId={item.id}
            version={item.version}
            revisions={revisions}
            confirming={history.confirming}
            typingNow={history.typingNow}
            canRestore={canEdit && state.kind !== "conflict"}
            onRestore={restoreRevision}
            onClose={() => setShowHistory(false)}
          />
        ) : null}
        {state.kind === "conflict" && !live ? (
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
        {showImage && canEdit ? <ImageForm itemId={item.id} onInsert={insertImage} onClose={() => setShowImage(false)} /> : null}
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
            <ArticlePreview text={text} rendered={text === item.body ? previewHtml : null} />
          ) : (
            <BodyEditor
              handle={rich}
              itemId={item.id}
              user={me ? { id: me.id, name: me.name } : { id: "me", name: "You" }}
              editable={canEdit && !busy}
              describedBy={canEdit ? undefined : "read-only-note"}
              onText={setText}
              onShown={setShown}
              onState={onLiveState}
              onCommentsChanged={revalidate}
              onSelection={passage.setSelection}
              anchors={anchors}
              textarea={textarea}
            />
          )}
          <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-4 py-3 text-sm text-slate-600 sm:px-6">
            <div className="flex gap-5" data-testid="editor-stats">
              <span>
                <strong className="text-slate-900">{stats.words}</strong> words
              </span>
              <span title="Flesch reading ease, 0–100">
                Readability: <strong className="text-slate-900">{stats.readability}%</strong>
              </span>
              <span title={`At ${WORDS_PER_MINUTE} words per minute`}>{stats.readingMinutes} min read</span>
            </div>
            {canComment && passage.selection && !preview ? (
              <button type="button" className={button} onMouseDown={(e) => e.preventDefault()} onClick={passage.commentOnSelection}>
                <MessageSquarePlus size={16} aria-hidden /> Comment on selection
              </button>
            ) : null}
            <div className="flex flex-wrap gap-2 whitespace-nowrap">
              {hydrated ? (
                <>
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
                    disabled={!canEdit || busy}
                    aria-expanded={showImage}
                    onClick={() => setShowImage((v) => !v)}
                  >
                    <ImagePlus size={16} aria-hidden /> Upload image
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
                </>
              ) : (
                <noscript>
                  <span className="whitespace-normal text-slate-500">AI Draft, AI Enhance and image upload need scripts.</span>
                </noscript>
              )}
              <ScriptButton
                href={`/editor?id=${encodeURIComponent(item.id)}${preview ? "" : "&preview=1"}`}
                className={button}
                aria-pressed={preview}
                onActivate={() => {
                  // The preview shows the editor's text as it is now, not its last report (a moment behind).
                  if (!preview) rich.current?.currentText();
                  setPreview(!preview);
                }}
              >
                <Eye size={16} aria-hidden /> {preview ? "Edit" : "Preview"}
              </ScriptButton>
            </div>
          </footer>
        </div>
        <PlainSaveForm id={item.id} version={item.version} canEdit={canEdit} />
        {channels}
      </div>
      <SidePanel
        itemId={item.id}
        comments={placed}
        members={members}
        passage={passage.passage}
        onClearPassage={passage.clearPassage}
        onShowPassage={passage.showPassage}
        collaborators={present ? collaborators.map((c) => ({ ...c, editing: present.has(c.id) })) : collaborators}
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
