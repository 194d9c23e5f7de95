import { useFetchers, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

export const POLL_MS = 1500;

/**
 * Reloads the page's data every `everyMs` while `active` and the tab is visible.
 *
 * A tick asks only while the browser is online and nothing else is under way:
 * - a new load aborts the one in flight, so it waits until the page has shown the answer to the last
 *   ask (with the main thread busy, a tick can come before the render that says a load is running);
 * - a reload that starts while a fetcher's action runs wins over that action's redirect, which the
 *   router then drops (New Blog Post made its draft and stayed on the page), so it waits for
 *   submissions to finish.
 */
export function useLivePolling(active: boolean, everyMs = POLL_MS) {
  const { revalidate, state } = useRevalidator();
  const navigation = useNavigation();
  const submitting = useFetchers().some((f) => f.state === "submitting");
  const idle = state === "idle" && navigation.state === "idle" && !submitting;
  const askedAt = useRef(-Infinity);
  const shownIdleAt = useRef(0);
  useEffect(() => {
    if (idle) shownIdleAt.current = performance.now();
  });
  useEffect(() => {
    if (!active || !idle) return;
    const timer = setInterval(() => {
      if (document.visibilityState !== "visible" || !navigator.onLine || shownIdleAt.current < askedAt.current) return;
      askedAt.current = performance.now();
      revalidate();
    }, everyMs);
    return () => clearInterval(timer);
  }, [active, idle, revalidate, everyMs]);
}
