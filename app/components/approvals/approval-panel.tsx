import { Form, useActionData } from "@remix-run/react";
import { FieldError, errorId, inputClass } from "~/components/ui/field";
import { IdempotencyKeyField } from "~/components/ui/idempotency-key";

export interface ApprovalPanelProps {
  itemId: string;
  approval: {
    chainName: string;
    state: string;
    label: string;
    steps: string[];
    current: number | null;
    canDecide: boolean;
    changedSince: boolean;
    canPublishUnapproved?: boolean;
    decisions: { who: string; kind: string; step: number; note: string; at: string; earlierRound?: boolean }[];
  } | null;
  canSendLinks: boolean;
  reviewLinks: { id: string; expiresAt: string; state: string }[];
}

type Posted = {
  ok: boolean;
  intent?: string;
  message?: string;
  link?: string;
  formError?: string | null;
  fieldErrors?: Record<string, string>;
};

const KIND: Record<string, string> = {
  approve: "approved",
  changes: "asked for changes",
  comment: "commented",
  published_unapproved: "published without approval",
};
const day = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

/** Where the item stands in its chain, the decide form for this step's approvers, and external review links. Plain forms. */
export function ApprovalPanel({ itemId, approval, canSendLinks, reviewLinks }: ApprovalPanelProps) {
  const posted = useActionData() as Posted | undefined;
  const mine = (intent: string) => (posted && posted.intent === intent ? posted : undefined);
  const decided = mine("decide");
  const linked = mine("reviewLink");
  const bypassed = mine("publishUnapproved");
  if (!approval && !canSendLinks) return null;
  return (
    <section
      aria-labelledby="approval-heading"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="approval-panel"
    >
      <h2 id="approval-heading" className="text-lg font-semibold">
        Approval
      </h2>
      {approval ? (
        <>
          <p className="mt-1 text-sm font-medium" data-testid="chain-standing">
            {approval.chainName}: {approval.label}
          </p>
          <ol className="mt-2 list-decimal pl-5 text-sm">
            {approval.steps.map((s, i) => (
              <li key={i} className={i === approval.current ? "font-medium" : "text-slate-600"}>
                {s}
              </li>
            ))}
          </ol>
          <p className="mt-2 text-xs text-slate-600">
            An edit to the words or channel posts sends the item back to the step whose approval it undoes; changing only a post&apos;s time
            does not.
          </p>
          {approval.changedSince ? (
            <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
              The content changed after an approval: that step approves again.
            </p>
          ) : null}
          {approval.decisions.length ? (
            <ul className="mt-2 space-y-1 text-sm" aria-label="Decisions">
              {approval.decisions.map((d, i) => (
                <li key={i} className={`break-words ${d.earlierRound ? "text-slate-600" : ""}`}>
                  {d.earlierRound ? <span className="mr-1 text-xs font-medium uppercase text-slate-500">Earlier round</span> : null}
                  {d.who} {KIND[d.kind] ?? d.kind}
                  {d.step >= 0 ? ` at step ${d.step + 1}` : ""} · {day(d.at)}
                  {d.note ? `: ${d.note}` : ""}
                </li>
              ))}
            </ul>
          ) : null}
          {approval.canDecide ? (
            <Form method="post" className="mt-3 space-y-2">
              <input type="hidden" name="intent" value="decide" />
              <IdempotencyKeyField renewOn={decided?.ok ? decided : null} />
              <input type="hidden" name="id" value={itemId} />
              <label htmlFor="decide-quote" className="block text-sm font-medium">
                Passage (optional, for changes)
              </label>
              <input id="decide-quote" name="quote" className={inputClass} maxLength={2000} />
              <label htmlFor="decide-note" className="block text-sm font-medium">
                Note (needed to request changes)
              </label>
              <textarea
                id="decide-note"
                name="note"
                rows={3}
                maxLength={2000}
                className={inputClass}
                aria-invalid={decided?.fieldErrors?.note ? true : undefined}
              />
              <FieldError field="decide-note" message={decided?.fieldErrors?.note} />
              <div className="flex flex-wrap gap-2">
                <button
                  type="submit"
                  name="decision"
                  value="approve"
                  className="rounded-lg bg-emerald-700 px-3 py-2 text-sm font-medium text-white"
                >
                  Approve step
                </button>
                <button
                  type="submit"
                  name="decision"
                  value="changes"
                  className="rounded-lg bg-amber-600 px-3 py-2 text-sm font-medium text-white"
                >
                  Request changes
                </button>
              </div>
            </Form>
          ) : null}
          {decided ? (
            <p role="status" className={`mt-2 text-sm font-medium ${decided.ok ? "text-emerald-700" : "text-rose-700"}`}>
              {decided.ok ? decided.message : decided.formError}
            </p>
          ) : null}
          {bypassed?.ok ? (
            <p role="status" className="mt-2 text-sm font-medium text-emerald-700">
              {bypassed.message}
            </p>
          ) : approval.canPublishUnapproved || bypassed ? (
            <PublishUnapproved itemId={itemId} posted={bypassed} />
          ) : null}
        </>
      ) : null}
      {canSendLinks ? (
        <div className="mt-4 border-t border-slate-200 pt-3">
          <h3 className="text-sm font-semibold">External review link</h3>
          <p className="text-xs text-slate-600">For someone without an account: this item only, until it expires or you revoke it.</p>
          <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="reviewLink" />
            <IdempotencyKeyField renewOn={linked?.ok ? linked : null} />
            <input type="hidden" name="id" value={itemId} />
            <div>
              <label htmlFor="link-days" className="text-sm">
                Valid for (days)
              </label>
              <input id="link-days" name="days" type="number" min={1} max={30} defaultValue={7} className={`${inputClass} w-24`} />
            </div>
            <button type="submit" className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium">
              Make review link
            </button>
          </Form>
          {linked?.ok && linked.link ? (
            <div className="mt-2">
              <label htmlFor="new-review-link" className="text-sm font-medium">
                Send this link (shown once)
              </label>
              <input id="new-review-link" readOnly value={linked.link} className={`${inputClass} font-mono`} data-testid="review-link" />
            </div>
          ) : linked ? (
            <p className="mt-2 text-sm text-rose-700">{linked.formError}</p>
          ) : null}
          {reviewLinks.length ? (
            <ul className="mt-2 space-y-1 text-sm">
              {reviewLinks.map((l) => (
                <li key={l.id} className="flex flex-wrap items-center gap-2">
                  <span>Link {l.state === "active" ? `valid until ${day(l.expiresAt)}` : l.state}</span>
                  {l.state === "active" ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="revokeReviewLink" />
                      <input type="hidden" name="id" value={itemId} />
                      <input type="hidden" name="linkId" value={l.id} />
                      <button type="submit" className="text-sm text-rose-700 underline">
                        Revoke
                      </button>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/**
 * An Admin's way out when an item truly cannot wait: not an override of the chain but a separate act,
 * named, with a required reason, kept in the approval history and the audit log (decision 076).
 */
function PublishUnapproved({ itemId, posted }: { itemId: string; posted: Posted | undefined }) {
  const error = posted && !posted.ok ? posted.fieldErrors?.reason : undefined;
  return (
    <details className="mt-4 rounded-lg border border-rose-200 bg-rose-50/40 p-3 text-sm" open={!!posted}>
      <summary className="cursor-pointer font-medium text-rose-800">Publish without approval (Admins)</summary>
      <p className="mt-2 text-slate-700">
        It goes out now, without the approvals its chain still needs. Your name and reason are kept in this item&apos;s approval history and
        the audit log.
      </p>
      <Form method="post" className="mt-2 space-y-2">
        <input type="hidden" name="intent" value="publishUnapproved" />
        <input type="hidden" name="id" value={itemId} />
        <label htmlFor="unapproved-reason" className="block font-medium">
          Reason (required)
        </label>
        <textarea
          id="unapproved-reason"
          name="reason"
          rows={2}
          required
          maxLength={2000}
          className={inputClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId("unapproved-reason") : undefined}
        />
        <FieldError field="unapproved-reason" message={error} />
        <button type="submit" className="rounded-lg bg-rose-700 px-3 py-2 font-medium text-white hover:bg-rose-800">
          Publish without approval
        </button>
      </Form>
      {posted && !posted.fieldErrors?.reason ? (
        <p role="alert" className="mt-2 font-medium text-rose-700">
          {posted.formError}
        </p>
      ) : null}
    </details>
  );
}
