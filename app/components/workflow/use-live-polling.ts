import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

export const POLL_MS = 1500;

/** Reloads the page's data every POLL_MS while something is moving and the tab is visible. */
export function useLivePolling(active: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && state === "idle") revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [active, revalidate, state]);
}
