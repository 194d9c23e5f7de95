import { useFetcher } from "@remix-run/react";
import { CalendarClock, Send } from "lucide-react";
import { TRANSITIONS, type TransitionName } from "~/domain/lifecycle";
import { buttonClass, primaryClass } from "./editor-buttons";

const SECONDARY: TransitionName[] = ["submit", "requestChanges", "unpublish", "archive", "restore"];

function publishHint(status: string, canApprove: boolean): string {
  if (status === "published") return "Already published";
  if (status === "archived") return "Restore it first";
  if (status === "draft") return "Submit it for review first; an Editor or Admin approves and publishes";
  return canApprove ? "" : "Only Editors and Admins approve and publish";
}

export interface ScheduleProps {
  /** This item's pending schedule. */
  schedule: { publishAt: string; slot: string } | null;
  /** The best slot 'Schedule posts for optimal timing' would use now; null when it is off or has none. */
  scheduleOffer: { name: string; posts: number; publishAt: string } | null;
}

const when = (iso: string) => `${new Date(iso).toUTCString().slice(0, 22)} UTC`;

/** The lifecycle moves this member may make now, plus the spec's Publish button (approve from review). */
export function StatusActions({ itemId, status, transitions, busy, schedule, scheduleOffer }: { itemId: string; status: string; transitions: TransitionName[]; busy: boolean } & ScheduleProps) {
  const fetcher = useFetcher<{ intent: string; error: string | null }>({ key: `transition-${itemId}` });
  const pending = fetcher.state !== "idle";
  const move = (transition: TransitionName) => fetcher.submit({ intent: "transition", id: itemId, transition }, { method: "post" });
  const canApprove = transitions.includes("approve");
  return (
    <>
      {canApprove && schedule ? (
        <p className="flex items-center gap-1.5 text-sm font-medium text-emerald-700" data-testid="scheduled-for">
          <CalendarClock size={16} aria-hidden /> Scheduled for {when(schedule.publishAt)}
          <button type="button" className="ml-1 text-slate-500 underline hover:text-slate-700" disabled={pending} onClick={() => fetcher.submit({ intent: "unschedule", id: itemId }, { method: "post" })}>
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
        <button key={t} type="button" className={buttonClass} disabled={pending || busy} title={busy ? "Saving your text first…" : undefined} onClick={() => move(t)}>
          {TRANSITIONS[t].label}
        </button>
      ))}
      <button type="button" className={primaryClass} disabled={!canApprove || pending || busy} title={publishHint(status, canApprove) || undefined} onClick={() => move("approve")}>
        <Send size={16} aria-hidden /> {schedule ? "Publish now" : "Publish"}
      </button>
      {fetcher.data?.error ? (
        <p role="alert" className="basis-full text-right text-sm text-rose-600">
          {fetcher.data.error}
        </p>
      ) : null}
    </>
  );
}
