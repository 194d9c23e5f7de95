import { useEffect, useState, type KeyboardEvent, type ReactNode } from "react";
import { Avatar } from "~/components/ui/avatar";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { CommentThread } from "~/domain/comment-threads";
import type { Mentionable } from "~/domain/mentions";
import { CommentThreads, type Passage } from "./comment-threads";

export interface SidePanelProps {
  itemId: string;
  collaborators: { id: string; name: string; editing: boolean; isMe: boolean }[];
  comments: CommentThread[];
  /** Active members, offered for @mentions. */
  members: Mentionable[];
  /** The assistant's panels (brand voice, suggestions), between collaborators and comments. */
  assistant: ReactNode;
  canComment: boolean;
  passage: Passage | null;
  onClearPassage: () => void;
  onShowPassage?: (passage: Passage) => void;
}

const box = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";

// Below 1024 px the panel sits under the text as tabs (once scripts run; without them it stacks).
const TABS = [
  ["assistant", "Assistant"],
  ["comments", "Comments"],
  ["team", "Team"],
] as const;
type Tab = (typeof TABS)[number][0];

function useNarrowTabs(passage: SidePanelProps["passage"]) {
  const [tab, setTab] = useState<Tab>("assistant");
  const hydrated = useHydrated();
  // "Comment on selection" opens the comments.
  useEffect(() => {
    if (passage) setTab("comments");
  }, [passage]);
  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    const next = TABS[(TABS.findIndex(([id]) => id === tab) + step + TABS.length) % TABS.length][0];
    setTab(next);
    document.getElementById(`side-tab-${next}`)?.focus();
  };
  const panel = (id: Tab) => ({
    id: `side-panel-${id}`,
    role: "tabpanel" as const,
    "aria-labelledby": `side-tab-${id}`,
    className: `space-y-5 ${hydrated && tab !== id ? "max-lg:hidden" : ""}`,
  });
  const tablist = hydrated ? (
    <div role="tablist" aria-label="Editor panels" className="flex gap-1 rounded-xl border border-slate-200 bg-white p-1 lg:hidden">
      {TABS.map(([id, label]) => (
        <button
          key={id}
          id={`side-tab-${id}`}
          type="button"
          role="tab"
          aria-selected={tab === id}
          aria-controls={`side-panel-${id}`}
          tabIndex={tab === id ? 0 : -1}
          onClick={() => setTab(id)}
          onKeyDown={onKeyDown}
          className={`min-h-11 flex-1 rounded-lg px-3 text-sm font-medium ${tab === id ? "bg-indigo-50 text-indigo-900" : "text-slate-600"}`}
        >
          {label}
        </button>
      ))}
    </div>
  ) : null;
  return { tablist, panel };
}

export function SidePanel({ itemId, collaborators, comments, members, assistant, canComment, ...passage }: SidePanelProps) {
  const { tablist, panel } = useNarrowTabs(passage.passage);
  return (
    <aside className="space-y-5">
      {tablist}
      <div {...panel("team")}>
        <section aria-labelledby="collab-title" className={box}>
          <h2 id="collab-title" className="font-semibold">
            Collaborators
          </h2>
          <ul className="mt-3 space-y-2">
            {collaborators.map((c) => (
              <li key={c.id} className="flex items-center gap-3 text-sm" data-testid="collaborator">
                <span className="relative">
                  <Avatar name={c.name} size="sm" />
                  <span
                    aria-hidden
                    className={`absolute -bottom-0.5 -right-0.5 h-2.5 w-2.5 rounded-full ring-2 ring-white ${c.editing ? "bg-emerald-500" : "bg-slate-300"}`}
                  />
                </span>
                <span className="flex-1">
                  {c.name}
                  {c.isMe ? <span className="text-slate-500"> (you)</span> : null}
                </span>
                {c.editing ? <span className="text-xs font-medium text-emerald-700">Editing now</span> : null}
              </li>
            ))}
            {collaborators.length === 0 ? <li className="text-sm text-slate-500">Nobody else has worked on this yet.</li> : null}
          </ul>
        </section>
      </div>
      <div {...panel("assistant")}>{assistant}</div>
      <div {...panel("comments")}>
        <section aria-labelledby="comments-title" className={box}>
          <h2 id="comments-title" className="font-semibold">
            Comments
          </h2>
          <CommentThreads itemId={itemId} threads={comments} members={members} canComment={canComment} {...passage} />
        </section>
      </div>
    </aside>
  );
}
