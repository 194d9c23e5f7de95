/** One comment as the editor lists it. */
export interface CommentView {
  id: string;
  parentId: string | null;
  body: string;
  author: string;
  authorId: string;
  createdAt: string;
  quote: string | null;
  anchor: string | null;
  resolved: boolean;
  resolvedBy: string | null;
  resolveNote: string | null;
}

export interface CommentThread extends CommentView {
  replies: CommentView[];
  /** Where the passage starts in the text (-1: item-wide, or the passage is gone). */
  at: number;
}

/** Where a thread's passage starts now, or -1 (item-wide, or the passage is gone). */
export type Locate = (thread: CommentView) => number;

/**
 * Finds a thread's quoted words in the first of `texts` that holds them. A passage chosen in the rich
 * editor quotes the words as shown (no Markdown marks: "three weeks instead", though "three weeks"
 * is bold), so the first text is the text as shown; one chosen in the plain Markdown box quotes the
 * Markdown itself.
 */
export function passageIn(...texts: string[]): Locate {
  return (thread) => {
    if (!thread.quote) return -1;
    for (const text of texts) {
      const at = text.indexOf(thread.quote);
      if (at >= 0) return at;
    }
    return -1;
  };
}

/**
 * Threads in document order: threads on a passage by where the passage is in the text, then
 * item-wide ones (and those whose passage was deleted), newest first; replies oldest first.
 */
export function commentThreads(comments: CommentView[], locate: Locate): CommentThread[] {
  const replies = new Map<string, CommentView[]>();
  for (const c of comments) if (c.parentId) replies.set(c.parentId, [...(replies.get(c.parentId) ?? []), c]);
  const threads = comments
    .filter((c) => !c.parentId)
    .map((c) => ({ ...c, replies: (replies.get(c.id) ?? []).sort((a, b) => a.createdAt.localeCompare(b.createdAt)), at: -1 }));
  return placeThreads(threads, locate);
}

/** The threads placed again against newer text (the editor's live text, ahead of the saved body). */
export function placeThreads(threads: CommentThread[], locate: Locate): CommentThread[] {
  const located = threads.map((t) => ({ ...t, at: t.quote ? locate(t) : -1 }));
  const placed = located.filter((t) => t.at >= 0).sort((a, b) => a.at - b.at || a.createdAt.localeCompare(b.createdAt));
  const rest = located.filter((t) => t.at < 0).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return [...placed, ...rest];
}
