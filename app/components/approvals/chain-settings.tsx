import { Form, Link } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { FieldError, TextField, inputClass } from "~/components/ui/field";
import { primaryButtonSm, secondaryButton } from "~/components/settings/settings-reply";
import { describeScope, describeStep, EXTERNAL_ROLE, type Chain } from "~/domain/approval-chain";
import { APPROVER_ROLES, SCOPE_OPTIONS, STEP_SLOTS, chainFormValues, scopeFromValue } from "~/domain/approval-forms";
import { CHANNEL_LABELS, isChannel } from "~/domain/channels/network-limits";
import { typeLabel } from "~/domain/content";
import { IdempotencyKeyField } from "~/components/ui/idempotency-key";

export type ChainReply =
  | {
      ok: boolean;
      intent?: string;
      message?: string;
      formError?: string | null;
      fieldErrors?: Record<string, string | undefined>;
      chainId?: string;
      values?: { name: string; scope: string; picked: string[]; reminderHours?: string; onApproval?: string };
    }
  | undefined;

const labels = { type: typeLabel, channel: (c: string) => (isChannel(c) ? CHANNEL_LABELS[c] : c) };
const scopeLabel = (value: string) => describeScope(scopeFromValue(value), labels);
const roleLabel = (r: string) => (r === EXTERNAL_ROLE ? "External reviewer (review link)" : `Any ${r}`);

function Outcome({ reply, intent }: { reply: ChainReply; intent: string }) {
  if (!reply || reply.intent !== intent) return null;
  const text = reply.ok ? reply.message : reply.formError;
  return (
    <p role="status" className={`mt-3 text-sm font-medium ${reply.ok ? "text-emerald-700" : "text-rose-700"}`}>
      {text}
    </p>
  );
}

export function ChainList({ chains, canManage, reply }: { chains: Chain[]; canManage: boolean; reply: ChainReply }) {
  return (
    <Card title="Chains">
      <p className="text-sm text-slate-600">
        The most specific chain applies: a channel of one of the item&apos;s posts, then its type, then all content. Where no chain applies,
        any Editor approves and publishes as before.
      </p>
      {chains.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No chains yet.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {chains.map((c) => (
            <li key={c.id} className="rounded-lg border border-slate-200 p-3" data-testid="chain">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-medium">{c.name}</h3>
                <span className="text-sm text-slate-600">{describeScope(c.scope, labels)}</span>
              </div>
              {c.steps.length === 0 ? <p className="mt-1 text-sm">No approval needed</p> : null}
              {c.steps.length > 0 ? (
                <p className="mt-1 text-xs text-slate-600">
                  {c.publishWhenApproved
                    ? "The last approval publishes the item"
                    : "Approved items go out with their first scheduled post, or when an Editor publishes them"}
                </p>
              ) : null}
              {c.steps.length > 0 && c.reminderHours ? (
                <p className="mt-1 text-xs text-slate-600">Reminders after {c.reminderHours} h without a decision</p>
              ) : null}
              {c.steps.length === 0 ? null : (
                <ol className="mt-1 list-decimal pl-5 text-sm">
                  {c.steps.map((s, i) => (
                    <li key={i}>{describeStep(s)}</li>
                  ))}
                </ol>
              )}
              {canManage ? (
                <div className="mt-2 flex flex-wrap items-center gap-2">
                  <Link to={`?edit=${c.id}#chain-form`} className={secondaryButton}>
                    Edit <span className="sr-only">{c.name}</span>
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove-chain" />
                    <input type="hidden" name="chainId" value={c.id} />
                    <button type="submit" className={secondaryButton}>
                      Remove <span className="sr-only">{c.name}</span>
                    </button>
                  </Form>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Outcome reply={reply} intent="remove-chain" />
    </Card>
  );
}

export function ChainForm({
  members,
  reply,
  editing,
}: {
  members: { id: string; name: string; role: string }[];
  reply: ChainReply;
  /** The chain being changed; without it the form adds one. */
  editing?: Chain | null;
}) {
  const intent = editing ? "edit-chain" : "add-chain";
  const refused = reply && !reply.ok && reply.intent === intent ? reply : undefined;
  const errors = refused?.fieldErrors ?? {};
  // After a refused plain post, the form shows what was typed and ticked; when editing, the chain as saved.
  const was = refused?.values ?? (editing ? chainFormValues(editing) : undefined);
  const ticked = (key: string, value: string) => was?.picked.includes(`${key}=${value}`) ?? false;
  return (
    <Card title={editing ? `Change “${editing.name}”` : "Add a chain"}>
      <Form method="post" className="space-y-4" id="chain-form" key={editing?.id ?? "new"}>
        <input type="hidden" name="intent" value={intent} />
        {editing ? (
          <input type="hidden" name="chainId" value={editing.id} />
        ) : (
          <IdempotencyKeyField renewOn={reply?.ok && reply.intent === "add-chain" ? reply : null} />
        )}
        <TextField
          name="name"
          label="Name"
          placeholder="Legal sign-off"
          error={errors.name}
          required
          maxLength={80}
          defaultValue={was?.name}
        />
        <div>
          <label htmlFor="scope" className="text-sm font-medium text-slate-700">
            Applies to
          </label>
          <select id="scope" name="scope" className={inputClass} aria-invalid={errors.scope ? true : undefined} defaultValue={was?.scope}>
            {SCOPE_OPTIONS.map((v) => (
              <option key={v} value={v}>
                {scopeLabel(v)}
              </option>
            ))}
          </select>
          <FieldError field="scope" message={errors.scope} />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="noApproval" defaultChecked={ticked("noApproval", "on")} /> No approval needed
        </label>
        {Array.from({ length: STEP_SLOTS }, (_, i) => i + 1).map((slot) => (
          <fieldset key={slot} className="min-w-0 rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium">
              Step {slot}
              {slot > 1 ? " (optional)" : ""}
            </legend>
            <label htmlFor={`step${slot}Mode`} className="text-sm text-slate-700">
              Who must approve
            </label>
            <select
              id={`step${slot}Mode`}
              name={`step${slot}Mode`}
              className={inputClass}
              defaultValue={ticked(`step${slot}Mode`, "all") ? "all" : "any"}
            >
              <option value="any">Any one of</option>
              <option value="all">All of</option>
            </select>
            <div className="mt-2 grid grid-cols-1 gap-1 sm:grid-cols-2">
              {APPROVER_ROLES.map((r) => (
                <label key={r} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name={`step${slot}`} value={`role:${r}`} defaultChecked={ticked(`step${slot}`, `role:${r}`)} />{" "}
                  {roleLabel(r)}
                </label>
              ))}
              {members.map((m) => (
                <label key={m.id} className="flex min-w-0 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name={`step${slot}`}
                    value={`member:${m.id}`}
                    defaultChecked={ticked(`step${slot}`, `member:${m.id}`)}
                  />
                  <span className="truncate">
                    {m.name} <span className="text-slate-500">({m.role})</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        <FieldError field="steps" message={errors.steps} />
        <TextField
          name="reminderHours"
          type="number"
          min={0}
          max={720}
          label="Remind approvers who have not acted after (hours)"
          hint="0 sends no reminders."
          defaultValue={was?.reminderHours ?? "24"}
          error={errors.reminderHours}
          className="max-w-xs"
        />
        <fieldset className="min-w-0">
          <legend className="text-sm font-medium text-slate-700">When the last step approves</legend>
          <label className="mt-1 flex items-start gap-2 text-sm">
            <input type="radio" name="onApproval" value="wait" className="mt-1" defaultChecked={was?.onApproval !== "publish"} />
            <span>Keep it approved: it goes out with its first scheduled post, or when an Editor publishes it</span>
          </label>
          <label className="mt-1 flex items-start gap-2 text-sm">
            <input type="radio" name="onApproval" value="publish" className="mt-1" defaultChecked={was?.onApproval === "publish"} />
            <span>Publish it then</span>
          </label>
          <FieldError field="onApproval" message={errors.onApproval} />
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={primaryButtonSm}>
            {editing ? "Save changes" : "Save chain"}
          </button>
          {editing ? (
            <Link to="." className="text-sm text-indigo-700 underline hover:text-indigo-900">
              Cancel
            </Link>
          ) : null}
        </div>
      </Form>
      <Outcome reply={reply} intent={intent} />
    </Card>
  );
}
