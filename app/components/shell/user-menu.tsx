import { Form, Link } from "@remix-run/react";
import { ChevronDown, LogOut, Shield } from "lucide-react";
import { useCallback, useState } from "react";
import { Avatar } from "~/components/ui/avatar";
import { useDismiss } from "~/components/ui/use-dismiss";

export function UserMenu({ user }: { user: { name: string; title: string; role: string } }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const ref = useDismiss<HTMLDivElement>(open, close);
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        aria-haspopup="menu"
        className="flex min-h-11 items-center gap-3 rounded-lg px-1 py-1 hover:bg-slate-50 sm:px-2"
      >
        <Avatar name={user.name} />
        <span className="sr-only text-left leading-tight md:not-sr-only md:block">
          <span className="block text-sm font-semibold">{user.name}</span>
          <span className="block text-xs text-slate-500">{user.title ? `${user.title} · ${user.role}` : user.role}</span>
        </span>
        <ChevronDown size={16} aria-hidden className="hidden text-slate-400 md:block" />
      </button>
      {open ? (
        <div role="menu" className="absolute right-0 z-20 mt-2 w-56 rounded-xl border border-slate-200 bg-white py-1 shadow-lg">
          <Link
            role="menuitem"
            to="/settings?tab=security"
            onClick={close}
            className="flex items-center gap-2 px-4 py-2 text-sm hover:bg-slate-50"
          >
            <Shield size={16} aria-hidden /> Password &amp; sessions
          </Link>
          <Form method="post" action="/logout">
            <button role="menuitem" type="submit" className="flex w-full items-center gap-2 px-4 py-2 text-left text-sm hover:bg-slate-50">
              <LogOut size={16} aria-hidden /> Sign out
            </button>
          </Form>
        </div>
      ) : null}
    </div>
  );
}
