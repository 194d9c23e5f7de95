import { useEffect, useRef } from "react";

/** A form ref that clears its form each time a fetcher's submission comes back successful. */
export function useResetOnSuccess(fetcher: { state: string; data?: unknown }, succeeded: boolean) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && succeeded) form.current?.reset();
  }, [fetcher.state, fetcher.data, succeeded]);
  return form;
}
