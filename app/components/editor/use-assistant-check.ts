import { useEffect, useRef, useState } from "react";
import type { VoiceScore } from "~/domain/assistant/types";
import type { Suggestion } from "~/domain/suggestions";
import type { TextStats } from "~/domain/text-stats";
import type { action } from "~/routes/assistant.check";

/** The check route's JSON reply (read with fetch). */
type CheckReply = Awaited<ReturnType<Awaited<ReturnType<typeof action>>["json"]>>;

/** Quiet time after typing before the text is checked again. */
export const CHECK_DELAY_MS = 600;

export interface CheckState {
  suggestions: Suggestion[];
  score: VoiceScore | null;
  threshold: number;
  error: string | null;
  checking: boolean;
  /** Words, readability and reading time of the text a reader reads (the Markdown without its marks). */
  stats: TextStats;
}

/**
 * Live suggestions, brand-voice score and text figures: the server checks the text (the prose rules stay off the
 * client) a moment after typing stops; a newer text cancels an older check.
 */
export function useAssistantCheck(text: string, initial: CheckState) {
  const [state, setState] = useState<CheckState>(initial);
  const checked = useRef(text);

  useEffect(() => {
    if (text === checked.current) return setState((s) => (s.checking ? { ...s, checking: false } : s));
    const controller = new AbortController();
    setState((s) => ({ ...s, checking: true }));
    const timer = setTimeout(async () => {
      try {
        const response = await fetch("/assistant/check", {
          method: "POST",
          body: new URLSearchParams({ text }),
          signal: controller.signal,
        });
        const reply = (await response.json()) as CheckReply;
        checked.current = text;
        setState((s) =>
          reply.ok
            ? { ...reply, error: null, checking: false }
            : { suggestions: [], score: null, threshold: initial.threshold, error: reply.formError, checking: false, stats: s.stats },
        );
      } catch {
        if (!controller.signal.aborted)
          setState((s) => ({ ...s, checking: false, error: "Could not reach the studio to check the text." }));
      }
    }, CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, initial.threshold]);

  /** After Apply: the remaining suggestions move with the text until the next check. */
  const replace = (suggestions: Suggestion[]) => setState((s) => ({ ...s, suggestions }));
  return { ...state, replace };
}
