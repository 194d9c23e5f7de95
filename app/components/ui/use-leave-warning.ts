import { useBeforeUnload, useBlocker } from "@remix-run/react";
import { useCallback, useEffect } from "react";

export const LEAVE_MESSAGE = "You have unsaved changes. Leave this page and lose them?";

/** While `active`, leaving the page (a link, Back, closing the tab) asks first. Switching ?tab= is not leaving. */
export function useLeaveWarning(active: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(LEAVE_MESSAGE)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!active) return;
        event.preventDefault();
        event.returnValue = ""; // Chromium still asks for this
      },
      [active],
    ),
  );
}
