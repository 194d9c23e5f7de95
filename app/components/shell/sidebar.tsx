import { NavLink } from "@remix-run/react";
import { Sparkles, X } from "lucide-react";
import { Avatar } from "~/components/ui/avatar";
import { NAV } from "./nav";
import { DRAWER_ID, type Drawer } from "./use-drawer";

export const AVATARS_SHOWN = 4;

type SidebarProps = { online: { id: string; name: string; live: boolean }[]; workspace: string; drawer: Drawer };

/** The side navigation: a column from 1024 px, a drawer below (see .drawer in tailwind.css). */
export function Sidebar({ online, workspace, drawer }: SidebarProps) {
  // The team, live members first: four avatars and "+N" for the rest (the spec's block); a dot at each lower left (clear of the next avatar) shows presence.
  const shown = online.slice(0, AVATARS_SHOWN);
  const more = online.length - shown.length;
  const live = online.filter((m) => m.live).length;
  return (
    <>
      <aside
        id={DRAWER_ID}
        ref={drawer.panel}
        aria-label="Navigation"
        data-open={drawer.open}
        className="drawer flex w-64 shrink-0 flex-col overflow-y-auto border-r border-slate-200 bg-white"
      >
        <div className="flex items-center gap-2 px-6 py-5">
          <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-indigo-600 text-white">
            <Sparkles size={18} aria-hidden />
          </span>
          <span className="flex-1 text-lg font-bold tracking-tight">Content Studio</span>
          {/* Without scripts, leaving the #nav-drawer target closes the drawer. */}
          <a
            href="#main"
            onClick={(e) => {
              e.preventDefault();
              drawer.close();
            }}
            className="-mr-3 flex h-11 w-11 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 lg:hidden"
          >
            <X size={20} aria-hidden />
            <span className="sr-only">Close menu</span>
          </a>
        </div>
        {/* The workspace this member works in (decision 073). */}
        {workspace ? (
          <p className="-mt-3 truncate px-6 pb-3 text-xs font-medium text-slate-500" data-testid="workspace-name" title={workspace}>
            {workspace}
          </p>
        ) : null}
        <nav aria-label="Main" className="flex-1 space-y-1 px-3">
          {NAV.map(({ to, label, icon: Icon }) => (
            <NavLink
              key={to}
              to={to}
              end={to === "/"}
              prefetch="intent"
              className={({ isActive }) =>
                `flex min-h-11 items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors lg:min-h-0 ${
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
            <ul className="flex -space-x-2" aria-label="Team members">
              {shown.map((m) => (
                <li key={m.id} className="relative" data-live={m.live}>
                  <Avatar name={m.name} size="sm" ring label={`${m.name}, ${m.live ? "online now" : "offline"}`} dim={!m.live} />
                  <span
                    className={`absolute -bottom-0.5 -left-0.5 h-2.5 w-2.5 rounded-full ring-2 ring-slate-50 ${m.live ? "bg-emerald-500" : "bg-slate-300"}`}
                    aria-hidden
                  />
                </li>
              ))}
            </ul>
            {more > 0 ? (
              <span
                className="ml-2 text-xs font-medium text-slate-600"
                title={`${more} more members`}
                aria-label={`and ${more} more members`}
              >
                +{more}
              </span>
            ) : null}
          </div>
          {/* Out of the whole team, so "+N" never reads as more people online. */}
          <p className="mt-2 text-xs text-slate-500" data-testid="online-count">
            {live === 0 ? "Nobody online now" : `${live} of ${online.length} online now`}
          </p>
        </section>
      </aside>
      {/* The backdrop: a click (or, without scripts, following the link) closes the drawer. */}
      <a
        href="#main"
        tabIndex={-1}
        aria-hidden
        data-testid="drawer-backdrop"
        onClick={(e) => {
          e.preventDefault();
          drawer.close();
        }}
        className="drawer-backdrop"
      >
        <span className="sr-only">Close menu</span>
      </a>
    </>
  );
}
