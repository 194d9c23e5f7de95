import { UserPlus } from "lucide-react";
import { Avatar } from "~/components/ui/avatar";
import { ROLES } from "~/domain/content";

export const ACCOUNTS_PENDING = "Arrives with accounts";

export interface TeamMember {
  id: string;
  name: string;
  email: string;
  role: string;
  status: string;
}

const STATUS_LOOK: Record<string, { label: string; className: string }> = {
  active: { label: "Active", className: "bg-emerald-50 text-emerald-700" },
  invited: { label: "Invited", className: "bg-amber-50 text-amber-800" },
};

export function TeamPanel({ members }: { members: TeamMember[] }) {
  return (
    <div>
      <div className="mb-4 flex items-center justify-between gap-4">
        <div>
          <h2 className="text-base font-semibold">Team Members</h2>
          <p className="text-sm text-slate-500">Roles decide who writes, edits, publishes and reads analytics.</p>
        </div>
        <button type="button" disabled title={ACCOUNTS_PENDING} className="inline-flex items-center gap-2 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white disabled:cursor-not-allowed disabled:opacity-60">
          <UserPlus size={16} aria-hidden /> Invite Member
        </button>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">Member</th>
              <th scope="col" className="py-2 pr-4 font-medium">Role</th>
              <th scope="col" className="py-2 pr-4 font-medium">Status</th>
              <th scope="col" className="py-2 font-medium"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {members.map((m) => {
              const status = STATUS_LOOK[m.status] ?? STATUS_LOOK.active;
              return (
                <tr key={m.id} data-testid="team-member">
                  <td className="py-3 pr-4">
                    <div className="flex items-center gap-3">
                      <span aria-hidden>
                        <Avatar name={m.name} size="sm" />
                      </span>
                      <div>
                        <p className="font-medium">{m.name}</p>
                        <p className="text-slate-500">{m.email}</p>
                      </div>
                    </div>
                  </td>
                  <td className="py-3 pr-4">
                    <select aria-label={`Role for ${m.name}`} defaultValue={m.role} disabled title={ACCOUNTS_PENDING} className="rounded-lg border border-slate-300 px-2 py-1.5 text-sm disabled:cursor-not-allowed disabled:bg-slate-50">
                      {ROLES.map((role) => (
                        <option key={role}>{role}</option>
                      ))}
                    </select>
                  </td>
                  <td className="py-3 pr-4">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${status.className}`}>{status.label}</span>
                  </td>
                  <td className="py-3 text-right">
                    <button type="button" disabled title={ACCOUNTS_PENDING} aria-label={`Remove ${m.name}`} className="text-sm font-medium text-rose-600 disabled:cursor-not-allowed disabled:opacity-50">
                      Remove
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
