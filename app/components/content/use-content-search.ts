import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { searchUrl, type ContentMatch, type SearchAnswer } from "~/domain/content-search";

export const SEARCH_DEBOUNCE_MS = 200;

/**
 * Matches for what the member is typing, fetched from /search once they pause.
 * `matches` and `settled` are for the current term only; `shown` keeps the previous
 * answer on screen while the next is on its way, so the list does not flicker.
 */
export function useContentSearch(term: string) {
  const fetcher = useFetcher<SearchAnswer>();
  const load = useRef(fetcher.load);
  load.current = fetcher.load;
  const trimmed = term.trim();

  useEffect(() => {
    if (!trimmed) return;
    const timer = setTimeout(() => load.current(searchUrl(trimmed)), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [trimmed]);

  const answer = fetcher.data;
  const settled = trimmed !== "" && answer?.q === trimmed && fetcher.state === "idle";
  const matches: ContentMatch[] = settled ? answer.items : [];
  const shown: ContentMatch[] = !trimmed ? [] : settled ? matches : (answer?.items ?? []);
  return { term: trimmed, matches, shown, settled, searching: trimmed !== "" && !settled, error: settled ? answer.error : null };
}
