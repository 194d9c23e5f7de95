import type { ReactNode } from "react";

/** A wide table that scrolls sideways inside its card; focusable, so the keyboard can scroll it too. */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A scrolling region is interactive: it takes focus (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
