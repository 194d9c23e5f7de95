import { NavLink } from "@remix-run/react";
import { Sparkles } from "lucide-react";
import { Avatar } from "~/components/ui/avatar";
import { NAV } from "./nav";

export const AVATARS_SHOWN = 4;

export function Sidebar({ online }: { online: { id: string; name: string }[] }) {
  const shown = online.slice(0, AVATARS_SHOWN);
  const more = online.length - shown.length;
  return (
    <aside className="flex w-64 shrink-0 flex-col border-r border-slate-200 bg-white">
      <div className="flex items-center gap-2 px-6 py-5">
        <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-indigo-600 text-white">
          <Sparkles size={18} aria-hidden />
        </span>
        <span className="text-lg font-bold tracking-tight">Content Studio</span>
      </div>
      <nav aria-label="Main" className="flex-1 space-y-1 px-3">
        {NAV.map(({ to, label, icon: Icon }) => (
          <NavLink
            key={to}
            to={to}
            end={to === "/"}
            prefetch="intent"
            className={({ isActive }) =>
              `flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors ${
                isActive ? "bg-indigo-50 text-indigo-700" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              }`
            }
          >
            <Icon size={18} aria-hidden />
            {label}
          </NavLink>
        ))}
      </nav>
      <section aria-labelledby="team-online" className="m-3 rounded-xl bg-slate-50 p-4">
        <h2 id="team-online" className="text-xs font-semibold uppercase tracking-wide text-slate-500">
          Team Online
        </h2>
        <div className="mt-3 flex items-center" data-testid="team-online">
          <div className="flex -space-x-2">
            {shown.map((m) => (
              <Avatar key={m.id} name={m.name} size="sm" ring />
            ))}
          </div>
          {more > 0 ? (
            <span className="ml-2 text-xs font-medium text-slate-600" aria-label={`${more} more online`}>
              +{more}
            </span>
          ) : null}
          {online.length === 0 ? <span className="text-xs text-slate-500">Nobody else right now</span> : null}
        </div>
      </section>
    </aside>
  );
}
