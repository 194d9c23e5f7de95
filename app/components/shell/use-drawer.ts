import { useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";

export const DRAWER_ID = "nav-drawer";

/**
 * The navigation drawer below 1024 px. Without scripts the menu button is a link to #nav-drawer and
 * CSS :target opens it; with scripts this state does, moving focus in and back out.
 */
export function useDrawer() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLAnchorElement>(null);
  const panel = useRef<HTMLElement>(null);
  const location = useLocation();

  const close = useCallback((returnFocus = true) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);

  // Following a link in the drawer ends its job.
  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>("a[href], button")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") close();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, close]);

  return { open, setOpen, close, button, panel };
}
export type Drawer = ReturnType<typeof useDrawer>;
