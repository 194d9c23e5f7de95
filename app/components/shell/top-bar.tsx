import { Form } from "@remix-run/react";
import { Search } from "lucide-react";
import { useCallback, useRef } from "react";
import { CommandPalette, type CommandPaletteHandle } from "~/components/palette/command-palette";
import { usePaletteHotkey } from "~/components/palette/use-palette-hotkey";
import { isFocusReturning } from "~/components/ui/modal-dialog";
import type { PaletteAccess } from "~/domain/command-palette";
import { NotificationBell, type BellNotification } from "./notification-bell";
import { UserMenu } from "./user-menu";

export function TopBar({
  user,
  unread,
  notifications,
}: {
  user: { name: string; title: string; role: string; can: PaletteAccess };
  unread: number;
  notifications: BellNotification[];
}) {
  const palette = useRef<CommandPaletteHandle>(null);
  usePaletteHotkey(useCallback(() => palette.current?.toggle(), []));
  // The search box opens the palette, carrying anything typed before scripts loaded.
  // Without scripts (or after Escape hands focus back) it is a plain GET form to the library.
  const openFrom = (input: HTMLInputElement) => palette.current?.open(input.value);
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
          aria-haspopup="dialog"
          onFocus={(e) => isFocusReturning() || openFrom(e.currentTarget)}
          onClick={(e) => openFrom(e.currentTarget)}
          className="w-full rounded-lg border border-slate-200 bg-slate-50 py-2 pl-9 pr-3 text-sm placeholder:text-slate-400 focus:border-indigo-400 focus:bg-white"
        />
      </Form>
      <div className="flex items-center gap-4">
        <NotificationBell unread={unread} notifications={notifications} />
        <UserMenu user={user} />
      </div>
      <CommandPalette ref={palette} can={user.can} />
    </header>
  );
}
