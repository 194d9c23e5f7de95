import type { AnchorHTMLAttributes, KeyboardEvent, MouseEvent } from "react";

/**
 * A link that, once scripts run, is a button: without scripts it opens `href` (the page that shows the
 * same thing, e.g. History open); with them it calls `onActivate` in place. Enter and Space press it.
 */
export function ScriptButton({
  href,
  onActivate,
  children,
  ...rest
}: { href: string; onActivate: () => void } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "onClick" | "role">) {
  const press = (e: MouseEvent | KeyboardEvent) => {
    e.preventDefault();
    onActivate();
  };
  return (
    <a
      {...rest}
      href={href}
      role="button"
      onClick={(e) => {
        // A modified click still opens the address (a new tab), as a link's would.
        if (!(e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0)) press(e);
      }}
      onKeyDown={(e) => e.key === " " && press(e)}
    >
      {children}
    </a>
  );
}
