import { useFetcher } from "@remix-run/react";
import { CalendarClock, Send, ShieldAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { TRANSITIONS, type ScoreAtMove, type TransitionName } from "~/domain/lifecycle";
import type { action } from "~/routes/editor/route";
import { buttonClass, primaryClass } from "./editor-buttons";

const SECONDARY: TransitionName[] = ["submit", "requestChanges", "unpublish", "archive", "restore"];

function publishHint(status: string, canApprove: boolean, score: number | null, threshold: number): string {
  if (status === "published") return "Already published";
  if (status === "archived") return "Restore it first";
  if (status === "draft") return "Submit it for review first; an Editor or Admin approves and publishes";
  if (!canApprove) return "Only Editors and Admins approve and publish";
  return score !== null && score < threshold
    ? `Brand-voice score ${score} is below the threshold of ${threshold}: publishing asks for an override`
    : "";
}

export interface ScheduleProps {
  /** This item's pending schedule. */
  schedule: { publishAt: string; slot: string } | null;
  /** The best slot 'Schedule posts for optimal timing' would use now; null when it is off or has none. */
  scheduleOffer: { name: string; posts: number; publishAt: string } | null;
}

/** A refused approval below the brand-voice threshold carries the score, to offer the override. */
const belowThresholdOf = (reply: { ok: boolean }) => (!reply.ok && (reply as { belowThreshold?: ScoreAtMove }).belowThreshold) || null;

const when = (iso: string) => `${new Date(iso).toUTCString().slice(0, 22)} UTC`;

interface Props extends ScheduleProps {
  itemId: string;
  status: string;
  transitions: TransitionName[];
  busy: boolean;
  score: number | null;
  threshold: number;
}

/** The lifecycle moves this member may make now, plus the spec's Publish button (approve from review, with the threshold check). */
export function StatusActions({ itemId, status, transitions, busy, score, threshold, schedule, scheduleOffer }: Props) {
  const fetcher = useFetcher<typeof action>({ key: `transition-${itemId}` });
  const pending = fetcher.state !== "idle";
  const [overrideAsked, setOverrideAsked] = useState<ScoreAtMove | null>(null);
  const [submitted, setSubmitted] = useState<ScoreAtMove | null>(null);
  const move = (transition: TransitionName, override = false) =>
    fetcher.submit({ intent: "transition", id: itemId, transition, ...(override ? { override: "true" } : {}) }, { method: "post" });
  const canApprove = transitions.includes("approve");
  const last = fetcher.data;

  useEffect(() => {
    if (fetcher.state !== "idle" || !last) return;
    setOverrideAsked(belowThresholdOf(last));
    if (last.ok && "voice" in last && last.voice) setSubmitted(last.voice);
  }, [fetcher.state, last]);

  return (
    <>
      {canApprove && schedule ? (
        <p className="flex items-center gap-1.5 text-sm font-medium text-emerald-700" data-testid="scheduled-for">
          <CalendarClock size={16} aria-hidden /> Scheduled for {when(schedule.publishAt)}
          <button
            type="button"
            className="ml-1 text-slate-500 underline hover:text-slate-700"
            disabled={pending}
            onClick={() => fetcher.submit({ intent: "unschedule", id: itemId }, { method: "post" })}
          >
            Cancel
          </button>
        </p>
      ) : null}
      {canApprove && !schedule && scheduleOffer ? (
        <button
          type="button"
          className={buttonClass}
          disabled={pending || busy}
          title={`Approve now and publish at the next best time to post, ${when(scheduleOffer.publishAt)} (${scheduleOffer.name}, learnt from ${scheduleOffer.posts} posts)`}
          onClick={() => fetcher.submit({ intent: "schedule", id: itemId }, { method: "post" })}
        >
          <CalendarClock size={16} aria-hidden /> Schedule for best time
        </button>
      ) : null}
      {SECONDARY.filter((t) => transitions.includes(t)).map((t) => (
        <button
          key={t}
          type="button"
          className={buttonClass}
          disabled={pending || busy}
          title={busy ? "Saving your text first…" : undefined}
          onClick={() => {
            setSubmitted(null);
            move(t);
          }}
        >
          {TRANSITIONS[t].label}
        </button>
      ))}
      <button
        type="button"
        className={primaryClass}
        disabled={!canApprove || pending || busy}
        title={publishHint(status, canApprove, score, threshold) || undefined}
        onClick={() => {
          setSubmitted(null);
          move("approve");
        }}
      >
        <Send size={16} aria-hidden /> {schedule ? "Publish now" : "Publish"}
      </button>
      {overrideAsked ? (
        <div
          role="alertdialog"
          aria-labelledby="override-title"
          className="basis-full rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <p id="override-title" className="flex items-center gap-2 font-semibold">
            <ShieldAlert size={16} aria-hidden /> Brand-voice score {overrideAsked.score} is below the threshold of{" "}
            {overrideAsked.threshold}
          </p>
          <p className="mt-1">Publishing anyway is recorded in the activity log as an override in your name.</p>
          <div className="mt-2 flex gap-2">
            <button
              type="button"
              className="rounded-lg bg-amber-600 px-3 py-1.5 font-medium text-white hover:bg-amber-700 disabled:opacity-50"
              disabled={pending}
              onClick={() => move("approve", true)}
            >
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
      {last && !last.ok && !belowThresholdOf(last) ? (
        <p role="alert" className="basis-full text-right text-sm text-rose-600">
          {last.formError}
        </p>
      ) : null}
    </>
  );
}
