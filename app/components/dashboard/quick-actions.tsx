import { Link } from "@remix-run/react";
import { Image, MessageSquareText, PenSquare, Share2, Workflow } from "lucide-react";
import { NewBlogPostForm, useNewBlogPost } from "~/components/content/new-blog-post";
import { useModalDialog } from "~/components/ui/modal-dialog";
import type { ContentMatch } from "~/domain/content-search";
import { CreateVisualDialog } from "./create-visual-dialog";
import { GenerateCaptionDialog } from "./generate-caption-dialog";
import { ShareContentDialog } from "./share-content-dialog";

const action =
  "flex w-full items-center gap-3 rounded-lg border border-slate-200 px-4 py-3 text-left text-sm font-medium hover:border-indigo-300 hover:bg-indigo-50 disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:border-slate-200 disabled:hover:bg-transparent";
const icon = "shrink-0 text-indigo-600";

/**
 * New Blog Post creates a draft and opens it; Generate Caption, Create Visual and Share Content
 * open a dialog on the dashboard; AI Workflow leads to the workflow screen.
 */
export function QuickActions({ recent, createRefusal }: { recent: ContentMatch[]; createRefusal: string | null }) {
  const newPost = useNewBlogPost();
  const share = useModalDialog();
  const caption = useModalDialog();
  const visual = useModalDialog();
  return (
    <>
      <ul className="grid grid-cols-1 gap-2">
        <li>
          <NewBlogPostForm newPost={newPost}>
            <button
              type="submit"
              className={action}
              disabled={!!createRefusal || newPost.busy}
              aria-busy={newPost.busy}
              title={createRefusal ?? undefined}
            >
              <PenSquare size={18} className={icon} aria-hidden /> New Blog Post
              {newPost.busy ? <span className="ml-auto text-xs font-normal text-slate-500">Creating…</span> : null}
            </button>
          </NewBlogPostForm>
          {newPost.error ? (
            <p role="alert" className="mt-1 text-sm text-rose-600">
              {newPost.error}
            </p>
          ) : null}
        </li>
        <li>
          <button type="button" className={action} aria-haspopup="dialog" onClick={caption.open}>
            <MessageSquareText size={18} className={icon} aria-hidden /> Generate Caption
          </button>
        </li>
        <li>
          <button type="button" className={action} aria-haspopup="dialog" onClick={visual.open}>
            <Image size={18} className={icon} aria-hidden /> Create Visual
          </button>
        </li>
        <li>
          <button type="button" className={action} aria-haspopup="dialog" onClick={share.open}>
            <Share2 size={18} className={icon} aria-hidden /> Share Content
          </button>
        </li>
        <li>
          <Link to="/workflow" className={action}>
            <Workflow size={18} className={icon} aria-hidden /> AI Workflow
          </Link>
        </li>
      </ul>
      <ShareContentDialog control={share} recent={recent} />
      <GenerateCaptionDialog control={caption} recent={recent} createRefusal={createRefusal} />
      <CreateVisualDialog control={visual} recent={recent} />
    </>
  );
}
