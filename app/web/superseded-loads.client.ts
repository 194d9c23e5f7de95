// A load that a newer navigation or revalidation supersedes is aborted. Under single fetch the router
// can leave that abort as an unhandled rejection (react-router pull request 14761), which the browser
// reports as an error: the Agent Workflow screen's live polling showed "AbortError: signal is aborted
// without reason". An aborted load is expected, so only AbortError is kept quiet; anything else still shows.

const isAbort = (reason: unknown) => typeof reason === "object" && reason !== null && (reason as { name?: unknown }).name === "AbortError";

export function quietSupersededLoads(target: Window = window) {
  target.addEventListener("unhandledrejection", (event) => {
    if (isAbort(event.reason)) event.preventDefault();
  });
}
