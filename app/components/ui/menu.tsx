import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useDismiss } from "./use-dismiss";

export interface MenuItem {
  label: string;
  icon?: React.ReactNode;
  onSelect: () => void;
  tone?: "danger";
}

const ITEM_HEIGHT = 36;

/**
 * A button that opens a menu of actions (WAI-ARIA menu button): arrow keys, Home and End move,
 * Escape closes and returns focus. The menu is position: fixed so scrolling tables and cards
 * with overflow do not clip it.
 */
export function MenuButton({
  label,
  icon,
  items,
  className,
}: {
  label: string;
  icon: React.ReactNode;
  items: MenuItem[];
  className?: string;
}) {
  const [position, setPosition] = useState<{ top: number; right: number } | null>(null);
  const open = position !== null;
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const close = useCallback(() => setPosition(null), []);
  const wrapper = useDismiss<HTMLDivElement>(open, close);

  const show = () => {
    const rect = button.current!.getBoundingClientRect();
    const height = items.length * ITEM_HEIGHT + 8;
    const below = rect.bottom + 4 + height <= window.innerHeight;
    setPosition({ top: below ? rect.bottom + 4 : rect.top - 4 - height, right: window.innerWidth - rect.right });
  };

  useLayoutEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>("[role=menuitem]")?.focus();
  }, [open]);

  // A fixed menu would drift from its button: close it when anything scrolls or resizes.
  useEffect(() => {
    if (!open) return;
    window.addEventListener("scroll", close, true);
    window.addEventListener("resize", close);
    return () => {
      window.removeEventListener("scroll", close, true);
      window.removeEventListener("resize", close);
    };
  }, [open, close]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    const entries = [...(menu.current?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const moveTo = (i: number) => entries[(i + entries.length) % entries.length]?.focus();
    if (e.key === "ArrowDown") moveTo(at + 1);
    else if (e.key === "ArrowUp") moveTo(at - 1);
    else if (e.key === "Home") moveTo(0);
    else if (e.key === "End") moveTo(entries.length - 1);
    else if (e.key === "Escape") {
      close();
      button.current?.focus();
    } else if (e.key === "Tab") close();
    else return;
    if (e.key !== "Tab") e.preventDefault();
  };

  return (
    <div ref={wrapper}>
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={items.length === 0}
        title={items.length === 0 ? "Your role has no further actions here" : undefined}
        onClick={() => (open ? close() : show())}
        onKeyDown={(e) => {
          if (!open && (e.key === "ArrowDown" || e.key === "ArrowUp")) {
            e.preventDefault();
            show();
          }
        }}
        className={className}
      >
        {icon}
      </button>
      {open ? (
        // Focus sits on the menu items; the menu handles the arrow keys.
        // eslint-disable-next-line jsx-a11y/interactive-supports-focus
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onKeyDown}
          style={{ position: "fixed", top: position.top, right: position.right }}
          className="z-30 w-48 rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
        >
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                close();
                // Focus the button first, so a dialog the item opens returns focus there.
                button.current?.focus();
                item.onSelect();
              }}
              className={`flex h-9 w-full items-center gap-2 px-4 text-left text-sm hover:bg-slate-50 focus:bg-slate-100 focus:outline-none ${item.tone === "danger" ? "text-rose-600" : "text-slate-700"}`}
            >
              {item.icon}
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
