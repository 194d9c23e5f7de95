import { useActionData, useFetcher } from "@remix-run/react";
import { CalendarClock, Send, ShieldAlert } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { TRANSITIONS, publishHint, type ChainAtPublish, type ScoreAtMove, type TransitionName } from "~/domain/lifecycle";
import type { action } from "~/routes/editor/route";
import { buttonClass, primaryClass } from "./editor-buttons";
import { ScriptButton } from "~/components/ui/script-button";

const SECONDARY: TransitionName[] = ["submit", "requestChanges", "unpublish", "archive", "restore"];

export interface ScheduleProps {
  /** This item's pending schedule. */
  schedule: { publishAt: string; slot: string; label: string } | null;
  /** The best slot 'Schedule posts for optimal timing' would use now; null when it is off or has none. */
  scheduleOffer: { name: string; posts: number; publishAt: string; label: string } | null;
}

/** A refused approval below the brand-voice threshold carries the score, to offer the override. */
const belowThresholdOf = (reply: { ok: boolean }) => (!reply.ok && (reply as { belowThreshold?: ScoreAtMove }).belowThreshold) || null;

/** Each move is a form: a fetcher with scripts, a plain post back to this page without them. */
function Move({ form: Form, itemId, intent, children }: { form: FetcherForm; itemId: string; intent: string; children: ReactNode }) {
  return (
    <Form method="post" className="contents">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={itemId} />
      {children}
    </Form>
  );
}
type FetcherForm = ReturnType<typeof useFetcher>["Form"];

const MOVES = ["transition", "schedule", "unschedule"];
/** A plain post (scripts off) of one of these forms comes back as the page's action data. */
function usePostedMove() {
  const page = useActionData<typeof action>();
  return page && "intent" in page && MOVES.includes(page.intent as string) ? page : undefined;
}

interface Props extends ScheduleProps {
  itemId: string;
  status: string;
  transitions: TransitionName[];
  busy: boolean;
  score: number | null;
  threshold: number;
  /** The item's running approval chain, which decides instead of the one-step Publish. */
  chain: ChainAtPublish | null;
}

/** The lifecycle moves this member may make now, plus the spec's Publish button (approve from review, with the threshold check). */
export function StatusActions({ itemId, status, transitions, busy, score, threshold, chain, schedule, scheduleOffer }: Props) {
  const fetcher = useFetcher<typeof action>({ key: `transition-${itemId}` });
  const posted = usePostedMove();
  const pending = fetcher.state !== "idle";
  const [overrideAsked, setOverrideAsked] = useState<ScoreAtMove | null>(posted ? belowThresholdOf(posted) : null);
  const [submitted, setSubmitted] = useState<ScoreAtMove | null>(posted?.ok && "voice" in posted ? (posted.voice ?? null) : null);
  const canApprove = transitions.includes("approve");
  const last = fetcher.data ?? posted;
  const Form = fetcher.Form;

  useEffect(() => {
    if (fetcher.state !== "idle" || !last) return;
    setOverrideAsked(belowThresholdOf(last));
    if (last.ok && "voice" in last && last.voice) setSubmitted(last.voice);
  }, [fetcher.state, last]);

  return (
    <>
      {canApprove && schedule ? (
        <p className="flex items-center gap-1.5 text-sm font-medium text-emerald-700" data-testid="scheduled-for">
          <CalendarClock size={16} aria-hidden /> Scheduled for {schedule.label}
          <Move form={Form} itemId={itemId} intent="unschedule">
            <button type="submit" className="ml-1 text-slate-500 underline hover:text-slate-700" disabled={pending}>
              Cancel
            </button>
          </Move>
        </p>
      ) : null}
      {canApprove && !schedule && scheduleOffer ? (
        <Move form={Form} itemId={itemId} intent="schedule">
          <button
            type="submit"
            className={buttonClass}
            disabled={pending || busy}
            title={`Approve now and publish at the next best time to post, ${scheduleOffer.label} (${scheduleOffer.name}, learnt from ${scheduleOffer.posts} posts)`}
          >
            <CalendarClock size={16} aria-hidden /> Schedule for best time
          </button>
        </Move>
      ) : null}
      <Move form={Form} itemId={itemId} intent="transition">
        {SECONDARY.filter((t) => transitions.includes(t)).map((t) => (
          <button
            key={t}
            type="submit"
            name="transition"
            value={t}
            className={buttonClass}
            disabled={pending || busy}
            title={busy ? "Saving your text first…" : undefined}
            onClick={() => setSubmitted(null)}
          >
            {TRANSITIONS[t].label}
          </button>
        ))}
        <button
          type="submit"
          name="transition"
          value="approve"
          className={primaryClass}
          disabled={!canApprove || pending || busy}
          title={publishHint({ status, canApprove, score, threshold, chain }) || undefined}
          onClick={() => setSubmitted(null)}
        >
          <Send size={16} aria-hidden /> {schedule ? "Publish now" : "Publish"}
        </button>
      </Move>
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
            <Move form={Form} itemId={itemId} intent="transition">
              <input type="hidden" name="override" value="true" />
              <button
                type="submit"
                name="transition"
                value="approve"
                className="rounded-lg bg-amber-600 px-3 py-1.5 font-medium text-white hover:bg-amber-700 disabled:opacity-50"
                disabled={pending}
              >
                Override and publish
              </button>
            </Move>
            <ScriptButton
              href={`/editor?id=${encodeURIComponent(itemId)}`}
              className={buttonClass}
              onActivate={() => setOverrideAsked(null)}
            >
              Cancel
            </ScriptButton>
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
