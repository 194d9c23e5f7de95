import { useFetcher } from "@remix-run/react";
import { Send } from "lucide-react";
import { TRANSITIONS, type TransitionName } from "~/domain/lifecycle";
import { buttonClass, primaryClass } from "./editor-buttons";

const SECONDARY: TransitionName[] = ["submit", "requestChanges", "unpublish", "archive", "restore"];

function publishHint(status: string, canApprove: boolean): string {
  if (status === "published") return "Already published";
  if (status === "archived") return "Restore it first";
  if (status === "draft") return "Submit it for review first; an Editor or Admin approves and publishes";
  return canApprove ? "" : "Only Editors and Admins approve and publish";
}

/** The lifecycle moves this member may make now, plus the spec's Publish button (approve from review). */
export function StatusActions({ itemId, status, transitions, busy }: { itemId: string; status: string; transitions: TransitionName[]; busy: boolean }) {
  const fetcher = useFetcher<{ intent: string; error: string | null }>({ key: `transition-${itemId}` });
  const pending = fetcher.state !== "idle";
  const move = (transition: TransitionName) => fetcher.submit({ intent: "transition", id: itemId, transition }, { method: "post" });
  const canApprove = transitions.includes("approve");
  return (
    <>
      {SECONDARY.filter((t) => transitions.includes(t)).map((t) => (
        <button key={t} type="button" className={buttonClass} disabled={pending || busy} title={busy ? "Saving your text first…" : undefined} onClick={() => move(t)}>
          {TRANSITIONS[t].label}
        </button>
      ))}
      <button type="button" className={primaryClass} disabled={!canApprove || pending || busy} title={publishHint(status, canApprove) || undefined} onClick={() => move("approve")}>
        <Send size={16} aria-hidden /> Publish
      </button>
      {fetcher.data?.error ? (
        <p role="alert" className="basis-full text-right text-sm text-rose-600">
          {fetcher.data.error}
        </p>
      ) : null}
    </>
  );
}
