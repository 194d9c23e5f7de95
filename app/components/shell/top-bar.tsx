import { Form } from "@remix-run/react";
import { Bell, Search } from "lucide-react";
import { Avatar } from "~/components/ui/avatar";

export function TopBar({ user, unread }: { user: { name: string; title: string; role: string }; unread: number }) {
  return (
    <header className="flex h-16 items-center justify-between gap-4 border-b border-slate-200 bg-white px-8">
      <Form method="get" action="/library" role="search" className="relative w-full max-w-md">
        <Search size={16} aria-hidden className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-slate-400" />
        <label htmlFor="global-search" className="sr-only">
          Search content
        </label>
        <input
          id="global-search"
          name="q"
          type="search"
          placeholder="Search content… (⌘K for quick actions)"
          className="w-full rounded-lg border border-slate-200 bg-slate-50 py-2 pl-9 pr-3 text-sm placeholder:text-slate-400 focus:border-indigo-400 focus:bg-white"
        />
      </Form>
      <div className="flex items-center gap-5">
        <button type="button" className="relative rounded-full p-2 text-slate-500 hover:bg-slate-100" aria-label={`Notifications, ${unread} unread`}>
          <Bell size={20} aria-hidden />
          {unread > 0 ? <span data-testid="unread-dot" className="absolute right-1.5 top-1.5 h-2 w-2 rounded-full bg-rose-500" /> : null}
        </button>
        <div className="flex items-center gap-3">
          <Avatar name={user.name} />
          <div className="leading-tight">
            <p className="text-sm font-semibold">{user.name}</p>
            <p className="text-xs text-slate-500">{user.title || user.role}</p>
          </div>
        </div>
      </div>
    </header>
  );
}
