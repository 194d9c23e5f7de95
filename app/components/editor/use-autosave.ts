import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";

export const AUTOSAVE_DELAY_MS = 1200;

type SaveResponse =
  | { intent: "save"; error: null; version: number; savedAt: string }
  | { intent: "save"; error: string; current?: { body: string; version: number } };

export type SaveState =
  | { kind: "saved"; at: string | null }
  | { kind: "dirty" }
  | { kind: "saving" }
  | { kind: "error"; message: string }
  | { kind: "conflict"; theirs: { body: string; version: number } };

/** Debounced autosave carrying the item's version; a newer version on the server is a conflict. */
export function useAutosave(id: string, initialVersion: number, text: string) {
  const fetcher = useFetcher<SaveResponse>();
  const version = useRef(initialVersion);
  const lastSaved = useRef(text);
  const pending = useRef(text);
  // While a conflict is open, nothing saves until the writer chooses a version.
  const inConflict = useRef(false);
  const [state, setState] = useState<SaveState>({ kind: "saved", at: null });

  const save = useCallback(
    (body: string) => {
      if (body === lastSaved.current || inConflict.current) return;
      setState({ kind: "saving" });
      pending.current = body;
      fetcher.submit({ intent: "save", id, version: String(version.current), body }, { method: "post" });
    },
    [fetcher, id],
  );

  useEffect(() => {
    if (text === lastSaved.current || state.kind === "conflict") return;
    setState({ kind: "dirty" });
    const timer = setTimeout(() => save(text), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result) return;
    if (result.error === null) {
      version.current = result.version;
      lastSaved.current = pending.current;
      setState({ kind: "saved", at: result.savedAt });
    } else if (result.current) {
      inConflict.current = true;
      setState({ kind: "conflict", theirs: result.current });
    } else {
      setState({ kind: "error", message: result.error });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  /** Resolve a conflict: keep `body` on top of the server's version. */
  const resolve = useCallback(
    (body: string, theirsVersion: number) => {
      version.current = theirsVersion;
      inConflict.current = false;
      lastSaved.current = "\u0000";
      save(body);
    },
    [save],
  );

  return { state, saveNow: () => save(text), resolve };
}
