import { Form, Link } from "@remix-run/react";
import { ChevronDown, LogOut, Shield, ListChecks } from "lucide-react";
import { useCallback, useState } from "react";
import { Avatar } from "~/components/ui/avatar";
import { useDismiss } from "~/components/ui/use-dismiss";
import { useScripted } from "~/components/ui/use-scripted";

const panel = "absolute right-0 z-20 mt-2 w-56 rounded-xl border border-slate-200 bg-white py-1 shadow-lg";
const item = "flex min-h-11 w-full items-center gap-2 px-4 py-2 text-left text-sm hover:bg-slate-50 lg:min-h-0";

function Who({ user }: { user: { name: string; title: string; role: string } }) {
  return (
    <>
      <Avatar name={user.name} />
      <span className="sr-only text-left leading-tight md:not-sr-only md:block">
        <span className="block text-sm font-semibold">{user.name}</span>
        <span className="block text-xs text-slate-500">{user.title ? `${user.title} · ${user.role}` : user.role}</span>
      </span>
      <ChevronDown size={16} aria-hidden className="hidden text-slate-400 md:block" />
    </>
  );
}

export function UserMenu({ user }: { user: { name: string; title: string; role: string } }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const ref = useDismiss<HTMLDivElement>(open, close);
  const scripted = useScripted();
  const trigger = "flex min-h-11 items-center gap-3 rounded-lg px-1 py-1 hover:bg-slate-50 sm:px-2";
  // Before scripts run, or without them, the menu is a <details> with a link and a sign-out form.
  if (!scripted) {
    return (
      <details className="relative">
        <summary className={`${trigger} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
          <Who user={user} />
        </summary>
        <div className={panel}>
          <Link to="/my-work" className={item}>
            <ListChecks size={16} aria-hidden /> My work
          </Link>
          <Link to="/settings?tab=security" className={item}>
            <Shield size={16} aria-hidden /> Password &amp; sessions
          </Link>
          <Form method="post" action="/logout">
            <button type="submit" className={item}>
              <LogOut size={16} aria-hidden /> Sign out
            </button>
          </Form>
        </div>
      </details>
    );
  }
  return (
    <div ref={ref} className="relative">
      <button type="button" onClick={() => setOpen(!open)} aria-expanded={open} aria-haspopup="menu" className={trigger}>
        <Who user={user} />
      </button>
      {open ? (
        <div role="menu" className={panel}>
          <Link role="menuitem" to="/my-work" onClick={close} className={item}>
            <ListChecks size={16} aria-hidden /> My work
          </Link>
          <Link role="menuitem" to="/settings?tab=security" onClick={close} className={item}>
            <Shield size={16} aria-hidden /> Password &amp; sessions
          </Link>
          <Form method="post" action="/logout">
            <button role="menuitem" type="submit" className={item}>
              <LogOut size={16} aria-hidden /> Sign out
            </button>
          </Form>
        </div>
      ) : null}
    </div>
  );
}
