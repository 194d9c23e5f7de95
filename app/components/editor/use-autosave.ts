import { useCallback, useEffect, useRef, useState } from "react";
import type { action } from "~/routes/content.$id.save";

/** The save route's JSON reply (it is read with fetch, not a fetcher). */
type SaveReply = Awaited<ReturnType<Awaited<ReturnType<typeof action>>["json"]>>;

export const AUTOSAVE_DELAY_MS = 1200;
const RETRY_MS = 5000;

export type SaveState =
  | { kind: "saved"; at: string | null }
  | { kind: "dirty" }
  | { kind: "saving" }
  | { kind: "offline" }
  | { kind: "error"; message: string }
  | { kind: "conflict"; theirs: { body: string; version: number } };

const backupKey = (id: string) => `studio:unsaved:${id}`;

/** What this browser typed for an item but could not save, if it differs from the server's text. */
export function readBackup(id: string, serverBody: string): string | null {
  try {
    const text = window.localStorage.getItem(backupKey(id));
    return text !== null && text !== serverBody ? text : null;
  } catch {
    return null;
  }
}

function writeBackup(id: string, text: string | null) {
  try {
    if (text === null) window.localStorage.removeItem(backupKey(id));
    else window.localStorage.setItem(backupKey(id), text);
  } catch {
    /* storage full or disabled: the server save still runs */
  }
}

async function post(id: string, fields: Record<string, string>): Promise<SaveReply | "offline"> {
  try {
    const response = await fetch(`/content/${encodeURIComponent(id)}/save`, { method: "POST", body: new URLSearchParams(fields) });
    if (response.redirected || !response.headers.get("Content-Type")?.includes("json"))
      return { ok: false, fieldErrors: {}, formError: "Your session has ended. Sign in again in another tab; your text is kept here." };
    return (await response.json()) as SaveReply;
  } catch {
    return "offline";
  }
}

/**
 * Debounced autosave carrying the item's version. A newer version on the server is a
 * conflict; a failed request is "offline" and retried; unsaved text is kept in this browser.
 * While `live` (the co-editing document is open) typing is saved by the document, not here; the
 * restore and accept calls then send `base`, and the server merges them into the document.
 */
export function useAutosave(id: string, initialVersion: number, text: string, live = false) {
  const version = useRef(initialVersion);
  const lastSaved = useRef(text);
  const inFlight = useRef(false);
  // While a conflict is open, nothing saves until the writer chooses a version.
  const inConflict = useRef(false);
  const latest = useRef(text);
  latest.current = text;
  const [state, setState] = useState<SaveState>({ kind: "saved", at: null });

  const apply = useCallback(
    (reply: SaveReply | "offline") => {
      if (reply === "offline") return setState({ kind: "offline" });
      if (reply.ok) {
        version.current = reply.version;
        lastSaved.current = reply.body;
        if (latest.current === reply.body) writeBackup(id, null);
        return setState(latest.current === reply.body ? { kind: "saved", at: reply.savedAt } : { kind: "dirty" });
      }
      const theirs = (reply as { current?: { body: string; version: number } }).current;
      if (theirs) {
        inConflict.current = true;
        return setState({ kind: "conflict", theirs });
      }
      setState({ kind: "error", message: reply.formError ?? "Not saved." });
    },
    [id],
  );

  const save = useCallback(
    async (body: string) => {
      if (body === lastSaved.current || inConflict.current || inFlight.current) return;
      inFlight.current = true;
      setState({ kind: "saving" });
      const reply = await post(id, { version: String(version.current), body });
      inFlight.current = false;
      apply(reply);
    },
    [apply, id],
  );

  const liveRef = useRef(live);
  liveRef.current = live;
  if (live) lastSaved.current = text;
  useEffect(() => {
    if (live || text === lastSaved.current || inConflict.current) return;
    writeBackup(id, text);
    setState((s) => (s.kind === "offline" ? s : { kind: "dirty" }));
    const timer = setTimeout(() => save(text), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, id, save, live]);

  // Offline or a save finished while more was typed: try again.
  useEffect(() => {
    if (state.kind !== "offline" && state.kind !== "dirty") return;
    const retry = () => save(latest.current);
    const timer = setInterval(retry, state.kind === "offline" ? RETRY_MS : AUTOSAVE_DELAY_MS * 2);
    window.addEventListener("online", retry);
    return () => {
      clearInterval(timer);
      window.removeEventListener("online", retry);
    };
  }, [state.kind, save]);

  // Leaving with unsaved text asks first (the text is also kept in this browser).
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (latest.current !== lastSaved.current) e.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, []);

  /** Resolve a conflict: keep `body` on top of the server's version. */
  const resolve = useCallback(
    (body: string, theirsVersion: number) => {
      version.current = theirsVersion;
      inConflict.current = false;
      lastSaved.current = "\u0000";
      void save(body);
    },
    [save],
  );

  /** Brings back an old revision as a new version; resolves with its text, or null if refused. */
  const restore = useCallback(
    async (revisionId: string): Promise<string | null> => {
      setState({ kind: "saving" });
      const reply = await post(id, {
        version: String(version.current),
        restore: revisionId,
        ...(liveRef.current ? { base: latest.current } : {}),
      });
      if (reply !== "offline" && reply.ok) latest.current = reply.body;
      apply(reply);
      return reply !== "offline" && reply.ok ? reply.body : null;
    },
    [apply, id],
  );

  /** Saves the assistant's accepted text as its own labelled revision; resolves with whether it saved. */
  const saveLabelled = useCallback(
    async (body: string, label: "enhanced" | "drafted", base?: string): Promise<boolean> => {
      if (inConflict.current) return false;
      inFlight.current = true;
      setState({ kind: "saving" });
      const live: Record<string, string> = liveRef.current && base !== undefined ? { base } : {};
      const reply = await post(id, { version: String(version.current), body, label, ...live });
      inFlight.current = false;
      if (reply !== "offline" && reply.ok) latest.current = reply.body;
      apply(reply);
      return reply !== "offline" && reply.ok;
    },
    [apply, id],
  );

  return { state, saveNow: () => void save(latest.current), resolve, restore, saveLabelled, dirty: text !== lastSaved.current };
}
