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

/**
 * Threads in document order: threads on a passage by where the passage is in the text, then
 * item-wide ones (and those whose passage was deleted), newest first; replies oldest first.
 */
export function commentThreads(comments: CommentView[], body: string): CommentThread[] {
  const replies = new Map<string, CommentView[]>();
  for (const c of comments) if (c.parentId) replies.set(c.parentId, [...(replies.get(c.parentId) ?? []), c]);
  const threads = comments
    .filter((c) => !c.parentId)
    .map((c) => ({ ...c, replies: (replies.get(c.id) ?? []).sort((a, b) => a.createdAt.localeCompare(b.createdAt)), at: -1 }));
  return placeThreads(threads, body);
}

/** The threads placed again against a newer text (the editor's live text, ahead of the saved body). */
export function placeThreads(threads: CommentThread[], body: string): CommentThread[] {
  const located = threads.map((t) => ({ ...t, at: t.quote ? body.indexOf(t.quote) : -1 }));
  const placed = located.filter((t) => t.at >= 0).sort((a, b) => a.at - b.at || a.createdAt.localeCompare(b.createdAt));
  const rest = located.filter((t) => t.at < 0).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return [...placed, ...rest];
}
