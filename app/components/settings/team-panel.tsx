import { Copy, UserPlus } from "lucide-react";
import { useState } from "react";
import { useScripted } from "~/components/ui/use-scripted";
import { useResetOnSuccess } from "~/components/ui/reset-on-success";
import { Avatar } from "~/components/ui/avatar";
import { TextField, inputClass } from "~/components/ui/field";
import { ROLES } from "~/domain/content";
import { ReplyMessage, errorsOf, primaryButtonSm, secondaryButton, useSettingsFetcher, type SettingsReply } from "./settings-reply";
import { IdempotencyKeyField } from "~/components/ui/idempotency-key";

export interface TeamMember {
  id: string;
  name: string;
  email: string;
  role: string;
  status: string;
  isMe: boolean;
}

const STATUS_LOOK: Record<string, { label: string; className: string }> = {
  active: { label: "Active", className: "bg-emerald-50 text-emerald-700" },
  invited: { label: "Invited", className: "bg-amber-50 text-amber-800" },
};

const ADMIN_ONLY = "Only Admins manage the team";

function OneTimeLink({ reply }: { reply?: SettingsReply }) {
  const [copied, setCopied] = useState(false);
  if (!reply?.ok || !reply.link) return null;
  return (
    <div className="mt-3 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm" data-testid="invite-link">
      <p className="font-medium text-emerald-800">{reply.message}</p>
      <div className="mt-2 flex items-center gap-2">
        <input
          readOnly
          aria-label="One-time invitation link"
          value={reply.link}
          className="min-w-0 flex-1 rounded-md border border-emerald-200 bg-white px-2 py-1 font-mono text-xs"
          onFocus={(e) => e.target.select()}
        />
        <button
          type="button"
          className={secondaryButton}
          onClick={() =>
            navigator.clipboard?.writeText(reply.link!).then(
              () => setCopied(true),
              () => undefined,
            )
          }
        >
          <Copy size={14} aria-hidden /> {copied ? "Copied" : "Copy"}
        </button>
      </div>
      <p className="mt-1 text-xs text-emerald-800">The link works once and expires in 7 days. It is not shown again.</p>
    </div>
  );
}

function InviteForm({ onCancel }: { onCancel: () => void }) {
  const fetcher = useSettingsFetcher("invite");
  const reply = fetcher.data;
  const form = useResetOnSuccess(fetcher, !!reply?.ok);
  return (
    <div className="mb-6 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <fetcher.Form ref={form} method="post" className="flex flex-wrap items-start gap-3" noValidate>
        <input type="hidden" name="intent" value="invite" />
        <IdempotencyKeyField renewOn={reply?.ok ? reply : null} />
        <TextField
          name="email"
          id="invite-email"
          label="Email"
          type="email"
          autoFocus
          placeholder="name@company.com"
          error={errorsOf(reply).email}
          className="min-w-[16rem] flex-1"
        />
        <div>
          <label htmlFor="invite-role" className="text-sm font-medium text-slate-700">
            Role
          </label>
          <select id="invite-role" name="role" defaultValue="Writer" className={inputClass}>
            {ROLES.map((role) => (
              <option key={role}>{role}</option>
            ))}
          </select>
        </div>
        <div className="flex gap-2 pt-7">
          <button type="submit" className={primaryButtonSm} disabled={fetcher.state !== "idle"}>
            Send invitation
          </button>
          <button type="button" className={secondaryButton} onClick={onCancel}>
            Cancel
          </button>
        </div>
      </fetcher.Form>
      {reply && !reply.ok && !reply.fieldErrors.email ? <ReplyMessage reply={reply} className="mt-2" /> : null}
      <OneTimeLink reply={reply} />
    </div>
  );
}

function MemberRow({ member, allowed }: { member: TeamMember; allowed: boolean }) {
  const fetcher = useSettingsFetcher(`member-${member.id}`);
  const [confirming, setConfirming] = useState(false);
  const [proposedRole, setProposedRole] = useState<string | null>(null);
  const scripted = useScripted();
  const status = STATUS_LOOK[member.status] ?? STATUS_LOOK.active;
  const pendingRole = fetcher.formData?.get("intent") === "role" ? String(fetcher.formData.get("role")) : null;
  const submit = (data: Record<string, string>) => fetcher.submit({ ...data, userId: member.id }, { method: "post" });
  return (
    <tr data-testid="team-member" data-email={member.email}>
      <td className="py-3 pr-4">
        <div className="flex items-center gap-3">
          <span aria-hidden>
            <Avatar name={member.name} size="sm" />
          </span>
          <div>
            <p className="font-medium">
              {member.name}
              {member.isMe ? <span className="ml-1 text-xs font-normal text-slate-500">(you)</span> : null}
            </p>
            <p className="text-slate-500">{member.email}</p>
          </div>
        </div>
        <ReplyMessage reply={fetcher.data?.ok ? undefined : fetcher.data} className="mt-1" />
        <OneTimeLink reply={fetcher.data && "intent" in fetcher.data && fetcher.data.intent === "renew" ? fetcher.data : undefined} />
      </td>
      <td className="py-3 pr-4">
        {/* Choosing a role asks to confirm; without scripts the form's button is the second step. */}
        <fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="intent" value="role" />
          <input type="hidden" name="userId" value={member.id} />
          <select
            name="role"
            aria-label={`Role for ${member.name}`}
            value={proposedRole ?? pendingRole ?? member.role}
            disabled={!allowed}
            title={allowed ? undefined : ADMIN_ONLY}
            onChange={(e) => setProposedRole(e.target.value === member.role ? null : e.target.value)}
            className="min-h-11 rounded-lg border border-slate-300 px-2 py-1.5 text-sm disabled:cursor-not-allowed disabled:bg-slate-50 sm:min-h-0"
          >
            {ROLES.map((role) => (
              <option key={role}>{role}</option>
            ))}
          </select>
          {!scripted && allowed ? (
            <button type="submit" className="min-h-6 text-sm font-medium text-indigo-700 hover:underline">
              Change role
            </button>
          ) : null}
          {proposedRole ? (
            <span className="flex items-center gap-2 text-sm" role="group" aria-label={`Confirm role change for ${member.name}`}>
              <button
                type="button"
                className="font-semibold text-indigo-700 hover:underline"
                onClick={() => {
                  submit({ intent: "role", role: proposedRole });
                  setProposedRole(null);
                }}
              >
                Make {proposedRole}
              </button>
              <button type="button" className="text-slate-600 hover:underline" onClick={() => setProposedRole(null)}>
                Cancel
              </button>
            </span>
          ) : null}
        </fetcher.Form>
      </td>
      <td className="py-3 pr-4">
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${status.className}`}>{status.label}</span>
      </td>
      <td className="py-3 text-right">
        <div className="flex items-center justify-end gap-3">
          {member.status === "invited" && allowed ? (
            <button
              type="button"
              className="text-sm font-medium text-indigo-700 hover:underline"
              onClick={() => submit({ intent: "renew" })}
            >
              New link
            </button>
          ) : null}
          {!scripted ? (
            allowed ? (
              <details className="text-left">
                <summary className="cursor-pointer text-sm font-medium text-rose-600">Remove</summary>
                <fetcher.Form method="post" className="mt-1">
                  <input type="hidden" name="userId" value={member.id} />
                  <button type="submit" name="intent" value="remove" className="text-sm font-semibold text-rose-700 hover:underline">
                    Confirm remove {member.name}
                  </button>
                </fetcher.Form>
              </details>
            ) : null
          ) : confirming ? (
            <>
              <button
                type="button"
                className="text-sm font-semibold text-rose-700 hover:underline"
                onClick={() => {
                  setConfirming(false);
                  submit({ intent: "remove" });
                }}
              >
                Confirm remove
              </button>
              <button type="button" className="text-sm text-slate-600 hover:underline" onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </>
          ) : (
            <button
              type="button"
              disabled={!allowed}
              title={allowed ? undefined : ADMIN_ONLY}
              aria-label={`Remove ${member.name}`}
              onClick={() => setConfirming(true)}
              className="min-h-6 text-sm font-medium text-rose-600 hover:underline disabled:cursor-not-allowed disabled:opacity-50"
            >
              Remove
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

export function TeamPanel({ members, allowed }: { members: TeamMember[]; allowed: boolean }) {
  const [inviting, setInviting] = useState(false);
  return (
    <div>
      <div className="mb-4 flex items-center justify-between gap-4">
        <div>
          <h2 className="text-base font-semibold">Team Members</h2>
          <p className="text-sm text-slate-500">Roles decide who writes, edits, publishes and reads analytics.</p>
        </div>
        <button
          type="button"
          disabled={!allowed}
          title={allowed ? undefined : ADMIN_ONLY}
          aria-expanded={inviting}
          onClick={() => setInviting(true)}
          className="inline-flex items-center gap-2 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:cursor-not-allowed disabled:opacity-60"
        >
          <UserPlus size={16} aria-hidden /> Invite Member
        </button>
      </div>
      {inviting ? <InviteForm onCancel={() => setInviting(false)} /> : null}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                Member
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Role
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Status
              </th>
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {members.map((m) => (
              <MemberRow key={m.id} member={m} allowed={allowed} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
