import type { ReactNode } from "react";
import { Avatar } from "~/components/ui/avatar";
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

export function SidePanel({ itemId, collaborators, comments, members, assistant, canComment, ...passage }: SidePanelProps) {
  return (
    <aside className="space-y-5">
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
      {assistant}
      <section aria-labelledby="comments-title" className={box}>
        <h2 id="comments-title" className="font-semibold">
          Comments
        </h2>
        <CommentThreads itemId={itemId} threads={comments} members={members} canComment={canComment} {...passage} />
      </section>
    </aside>
  );
}
