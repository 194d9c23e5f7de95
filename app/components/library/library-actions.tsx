import { useFetcher } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { Dialog } from "~/components/ui/dialog";
import type { LibraryIntent } from "~/domain/library-actions";
import { messageOf } from "~/domain/reply";
import type { action } from "~/routes/library/route";

interface Target {
  id: string;
  title: string;
}
type Notice = { text: string; tone: "info" | "error"; at: number };

interface LibraryActions {
  run: (intent: Exclude<LibraryIntent, "delete">, item: Target) => void;
  confirmDelete: (item: Target) => void;
  notify: (text: string, tone?: Notice["tone"]) => void;
  /** The item an action is running on, to show it busy. */
  pendingId: string | null;
}

const Context = createContext<LibraryActions | null>(null);

export function useLibraryActions(): LibraryActions {
  const actions = useContext(Context);
  if (!actions) throw new Error("useLibraryActions needs a LibraryActionsProvider");
  return actions;
}

const NOTICE_MS = 6000;
export const RESULTS_COUNT_ID = "library-count";

/**
 * One fetcher for every card's actions, so the outcome is announced by the page even when the
 * item itself leaves the list (archived out of a filter, deleted). Duplicate redirects to the editor.
 */
export function LibraryActionsProvider({ children }: { children: React.ReactNode }) {
  const fetcher = useFetcher<typeof action>();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [deleting, setDeleting] = useState<Target | null>(null);
  const notify = useCallback((text: string, tone: Notice["tone"] = "info") => setNotice({ text, tone, at: Date.now() }), []);
  const submit = fetcher.submit;
  const run = useCallback(
    (intent: LibraryIntent, item: Target) => submit({ intent, id: item.id }, { method: "post", action: "/library" }),
    [submit],
  );

  useEffect(() => {
    const reply = fetcher.data;
    if (fetcher.state !== "idle" || !reply) return;
    notify(messageOf(reply), reply.ok ? "info" : "error");
    // A deleted item took its menu button with it: keep focus on the page.
    if (
      reply.ok &&
      "intent" in reply &&
      reply.intent === "delete" &&
      (document.activeElement === document.body || !document.activeElement)
    ) {
      document.getElementById(RESULTS_COUNT_ID)?.focus();
    }
  }, [fetcher.state, fetcher.data, notify]);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const pending = fetcher.state !== "idle" ? fetcher.formData?.get("id") : null;
  const value = useMemo(
    () => ({ run, confirmDelete: setDeleting, notify, pendingId: typeof pending === "string" ? pending : null }),
    [run, notify, pending],
  );

  return (
    <Context.Provider value={value}>
      {children}
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        role="alertdialog"
        title={`Delete “${deleting?.title ?? ""}”?`}
        description="Its revisions, comments and metrics go with it. This cannot be undone."
        fallbackFocus={() => document.getElementById(RESULTS_COUNT_ID)}
      >
        <div className="flex justify-end gap-3">
          <button
            type="button"
            data-autofocus
            onClick={() => setDeleting(null)}
            className="rounded-lg border border-slate-200 px-4 py-2 text-sm font-medium hover:bg-slate-50"
          >
            Cancel
          </button>
          <button
            type="button"
            onClick={() => {
              if (deleting) run("delete", deleting);
              setDeleting(null);
            }}
            className="rounded-lg bg-rose-600 px-4 py-2 text-sm font-medium text-white hover:bg-rose-700"
          >
            Delete
          </button>
        </div>
      </Dialog>
      {/* Always in the page, so screen readers hear what appears in it. */}
      <div aria-live="polite" className="pointer-events-none fixed bottom-6 right-6 z-40 flex max-w-sm flex-col items-end">
        {notice ? (
          <p
            key={notice.at}
            data-testid="library-notice"
            className={`pointer-events-auto break-words rounded-lg px-4 py-3 text-sm shadow-lg ${notice.tone === "error" ? "bg-rose-600 text-white" : "bg-slate-900 text-white"}`}
          >
            {notice.text}
          </p>
        ) : null}
      </div>
    </Context.Provider>
  );
}
