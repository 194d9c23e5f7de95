import { useFetcher } from "@remix-run/react";
import { Send, ShieldAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { TRANSITIONS, type TransitionName } from "~/domain/lifecycle";
import { buttonClass, primaryClass } from "./editor-buttons";

const SECONDARY: TransitionName[] = ["submit", "requestChanges", "unpublish", "archive", "restore"];

type ScoreAtMove = { score: number; threshold: number };
type Reply = { intent: string; error: string | null; voice?: ScoreAtMove | null; belowThreshold?: ScoreAtMove };

function publishHint(status: string, canApprove: boolean, score: number | null, threshold: number): string {
  if (status === "published") return "Already published";
  if (status === "archived") return "Restore it first";
  if (status === "draft") return "Submit it for review first; an Editor or Admin approves and publishes";
  if (!canApprove) return "Only Editors and Admins approve and publish";
  return score !== null && score < threshold ? `Brand-voice score ${score} is below the threshold of ${threshold}: publishing asks for an override` : "";
}

/** The lifecycle moves this member may make now, plus the spec's Publish button (approve from review, with the threshold check). */
export function StatusActions({ itemId, status, transitions, busy, score, threshold }: { itemId: string; status: string; transitions: TransitionName[]; busy: boolean; score: number | null; threshold: number }) {
  const fetcher = useFetcher<Reply>({ key: `transition-${itemId}` });
  const pending = fetcher.state !== "idle";
  const [overrideAsked, setOverrideAsked] = useState<ScoreAtMove | null>(null);
  const [submitted, setSubmitted] = useState<ScoreAtMove | null>(null);
  const move = (transition: TransitionName, override = false) => fetcher.submit({ intent: "transition", id: itemId, transition, ...(override ? { override: "true" } : {}) }, { method: "post" });
  const canApprove = transitions.includes("approve");
  const last = fetcher.data;

  useEffect(() => {
    if (fetcher.state !== "idle" || !last) return;
    setOverrideAsked(last.belowThreshold ?? null);
    if (last.voice && !last.error) setSubmitted(last.voice);
  }, [fetcher.state, last]);

  return (
    <>
      {SECONDARY.filter((t) => transitions.includes(t)).map((t) => (
        <button key={t} type="button" className={buttonClass} disabled={pending || busy} title={busy ? "Saving your text first…" : undefined} onClick={() => { setSubmitted(null); move(t); }}>
          {TRANSITIONS[t].label}
        </button>
      ))}
      <button type="button" className={primaryClass} disabled={!canApprove || pending || busy} title={publishHint(status, canApprove, score, threshold) || undefined} onClick={() => { setSubmitted(null); move("approve"); }}>
        <Send size={16} aria-hidden /> Publish
      </button>
      {overrideAsked ? (
        <div role="alertdialog" aria-labelledby="override-title" className="basis-full rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p id="override-title" className="flex items-center gap-2 font-semibold">
            <ShieldAlert size={16} aria-hidden /> Brand-voice score {overrideAsked.score} is below the threshold of {overrideAsked.threshold}
          </p>
          <p className="mt-1">Publishing anyway is recorded in the activity log as an override in your name.</p>
          <div className="mt-2 flex gap-2">
            <button type="button" className="rounded-lg bg-amber-600 px-3 py-1.5 font-medium text-white hover:bg-amber-700 disabled:opacity-50" disabled={pending} onClick={() => move("approve", true)}>
              Override and publish
            </button>
            <button type="button" className={buttonClass} onClick={() => setOverrideAsked(null)}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
      {submitted && status === "review" ? (
        <p role="status" className="basis-full text-right text-sm text-slate-600" data-testid="submitted-score">
          Submitted for review with a brand-voice score of {submitted.score} (threshold {submitted.threshold}
          {submitted.score >= submitted.threshold ? ", met" : ", not met yet: approving will need an override"}).
        </p>
      ) : null}
      {last?.error && !last.belowThreshold ? (
        <p role="alert" className="basis-full text-right text-sm text-rose-600">
          {last.error}
        </p>
      ) : null}
    </>
  );
}
