import { Link, useFetcher } from "@remix-run/react";
import { Bell } from "lucide-react";
import { useCallback, useState } from "react";
import { timeAgo } from "~/domain/relative-time";
import { useDismiss } from "~/components/ui/use-dismiss";
import { useRenderTime } from "~/components/ui/use-render-time";
import { useScripted } from "~/components/ui/use-scripted";

export interface BellNotification {
  id: string;
  message: string;
  contentId: string | null;
  createdAt: string;
  readAt: string | null;
}

const BELL = "relative flex h-11 w-11 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100";
const PANEL =
  "absolute -right-12 z-20 mt-2 w-[min(24rem,calc(100vw-1.5rem))] sm:right-0 rounded-xl border border-slate-200 bg-white shadow-lg";

function BellIcon({ unread }: { unread: number }) {
  return (
    <>
      <Bell size={20} aria-hidden />
      {unread > 0 ? <span data-testid="unread-dot" className="absolute right-1.5 top-1.5 h-2 w-2 rounded-full bg-rose-500" /> : null}
    </>
  );
}

function NotificationList({ notifications, close }: { notifications: BellNotification[]; close?: () => void }) {
  // The server's time, so the list (in the page's HTML since it opens without scripts) hydrates as printed.
  const now = useRenderTime();
  return (
    <>
      <p className="border-b border-slate-100 px-4 py-3 text-sm font-semibold">Notifications</p>
      {notifications.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-slate-500">
          Nothing yet. You choose what you hear about in Settings › Notifications.
        </p>
      ) : (
        <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
          {notifications.map((n) => (
            <li key={n.id} className="flex gap-3 px-4 py-3 text-sm">
              <span aria-hidden className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${n.readAt ? "bg-transparent" : "bg-indigo-500"}`} />
              <div>
                {n.contentId ? (
                  <Link to={`/editor?id=${n.contentId}`} onClick={close} className="text-slate-800 hover:text-indigo-700 hover:underline">
                    {n.message}
                  </Link>
                ) : (
                  <p className="text-slate-800">{n.message}</p>
                )}
                <p className="mt-0.5 text-xs text-slate-500">{timeAgo(n.createdAt, now)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Link
        to="/settings?tab=notifications"
        onClick={close}
        className="block border-t border-slate-100 px-4 py-2.5 text-center text-sm font-medium text-indigo-700 hover:bg-slate-50"
      >
        Notification settings
      </Link>
    </>
  );
}

/** The bell: a dot while anything is unread; opening the list marks everything read. */
export function NotificationBell({ unread, notifications }: { unread: number; notifications: BellNotification[] }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const ref = useDismiss<HTMLDivElement>(open, close);
  const fetcher = useFetcher();
  const scripted = useScripted();
  const shownUnread = fetcher.formData ? 0 : unread;

  function toggle() {
    if (!open && unread > 0) fetcher.submit({ intent: "read" }, { method: "post", action: "/notifications" });
    setOpen(!open);
  }

  // Before scripts run, or without them, the list opens as a <details> (reading it marks nothing read).
  if (!scripted) {
    return (
      <details className="relative">
        <summary className={`${BELL} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
          <span className="sr-only">{`Notifications, ${unread} unread`}</span>
          <BellIcon unread={unread} />
        </summary>
        <div className={PANEL}>
          <NotificationList notifications={notifications} />
        </div>
      </details>
    );
  }
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        onClick={toggle}
        aria-expanded={open}
        aria-controls="notification-list"
        className={BELL}
        aria-label={`Notifications, ${shownUnread} unread`}
      >
        <BellIcon unread={shownUnread} />
      </button>
      {open ? (
        <div id="notification-list" className={PANEL}>
          <NotificationList notifications={notifications} close={close} />
        </div>
      ) : null}
    </div>
  );
}
