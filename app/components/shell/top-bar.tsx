import { Form } from "@remix-run/react";
import { Command, Menu, Search } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { CommandPalette, type CommandPaletteHandle } from "~/components/palette/command-palette";
import { usePaletteHotkey } from "~/components/palette/use-palette-hotkey";
import type { PaletteAccess } from "~/domain/command-palette";
import { NotificationBell, type BellNotification } from "./notification-bell";
import { DRAWER_ID, type Drawer } from "./use-drawer";
import { UserMenu } from "./user-menu";

export function TopBar({
  user,
  unread,
  notifications,
  drawer,
}: {
  user: { name: string; title: string; role: string; can: PaletteAccess };
  unread: number;
  notifications: BellNotification[];
  drawer: Drawer;
}) {
  const palette = useRef<CommandPaletteHandle>(null);
  usePaletteHotkey(useCallback(() => palette.current?.toggle(), []));
  // The palette button only does something once scripts run, so it appears then.
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  return (
    <header className="flex h-16 items-center justify-between gap-2 border-b border-slate-200 bg-white px-3 sm:gap-4 sm:px-6 lg:px-8">
      <a
        ref={drawer.button}
        href={`#${DRAWER_ID}`}
        aria-controls={DRAWER_ID}
        aria-expanded={drawer.open}
        onClick={(e) => {
          e.preventDefault();
          drawer.setOpen(true);
        }}
        className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 lg:hidden"
      >
        <Menu size={22} aria-hidden />
        <span className="sr-only">Menu</span>
      </a>
      {/* A plain search field: Enter shows the matches in the library, with or without scripts. */}
      <Form method="get" action="/library" role="search" className="relative min-w-0 flex-1 sm:max-w-md">
        <Search size={16} aria-hidden className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-slate-400" />
        <label htmlFor="global-search" className="sr-only">
          Search content
        </label>
        <input
          id="global-search"
          name="q"
          type="search"
          maxLength={200}
          placeholder="Search content… (⌘K for quick actions)"
          className="h-11 w-full rounded-lg border border-slate-200 bg-slate-50 pl-9 pr-3 text-sm placeholder:text-slate-400 focus:border-indigo-400 focus:bg-white lg:h-10"
        />
      </Form>
      <div className="flex shrink-0 items-center gap-1 sm:gap-3">
        {scripted ? (
          <button
            type="button"
            onClick={() => palette.current?.open()}
            aria-haspopup="dialog"
            aria-keyshortcuts="Meta+K Control+K"
            className="hidden h-10 items-center gap-1.5 rounded-lg border border-slate-200 px-2.5 text-xs font-medium text-slate-600 hover:bg-slate-50 sm:flex"
          >
            <Command size={14} aria-hidden />K<span className="sr-only">: quick actions</span>
          </button>
        ) : null}
        <NotificationBell unread={unread} notifications={notifications} />
        <UserMenu user={user} />
      </div>
      <CommandPalette ref={palette} can={user.can} />
    </header>
  );
}
