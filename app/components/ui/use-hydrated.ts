import { useEffect, useState } from "react";

/**
 * False in the server's HTML and until scripts run, then true. A control that only works with scripts
 * (copy a link, open a dialog in place, ask the model) renders once this is true, so a page without
 * scripts never shows a button that does nothing.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
