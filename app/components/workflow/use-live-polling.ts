import { useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

export const POLL_MS = 1500;

/**
 * Reloads the page's data every POLL_MS while something is moving and the tab is visible. A new load
 * aborts the one in flight, so a tick asks only once the page has shown the answer to the last ask:
 * when the main thread is busy (a long task), a tick can come before the render that says a load is
 * running, and asking then aborted that load mid-answer ("AbortError" in the console).
 */
export function useLivePolling(active: boolean) {
  const { revalidate, state } = useRevalidator();
  const navigation = useNavigation();
  const idle = state === "idle" && navigation.state === "idle";
  const askedAt = useRef(-Infinity);
  const shownIdleAt = useRef(0);
  useEffect(() => {
    if (idle) shownIdleAt.current = performance.now();
  });
  useEffect(() => {
    if (!active || !idle) return;
    const timer = setInterval(() => {
      if (document.visibilityState !== "visible" || shownIdleAt.current < askedAt.current) return;
      askedAt.current = performance.now();
      revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [active, idle, revalidate]);
}
