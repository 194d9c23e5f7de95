import { formatZoned } from "~/domain/channels/team-time";
import type { ActionFunctionArgs } from "@remix-run/node";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { routeAction } from "~/web/action.server";
import { ChannelsPanel } from "~/components/channels/channels-panel";
import { EditorPanel } from "~/components/editor/editor-panel";
import { PlainSaveOutcome } from "~/components/editor/plain-save";
import { RestoreOutcome } from "~/components/editor/restore-confirm";
import { availableTransitions } from "~/domain/lifecycle";
import { articleText } from "~/domain/markdown";
import { can, canEditContent } from "~/domain/permissions";
import { textStats } from "~/domain/text-stats";
import { collaboratorsOf, commentsFor } from "~/models/activity.server";
import { checkText } from "~/models/assistant.server";
import { getModelConfigForDisplay } from "~/models/assistant-model.server";
import { usageForItem } from "~/models/assistant-usage.server";
import { getEditorItem } from "~/models/content.server";
import { getSchedule, schedulingOffer } from "~/models/publish-schedule.server";
import { editingNow, markEditing } from "~/models/presence.server";
import { countRevisions, listRevisions } from "~/models/revision.server";
import { numberVersions } from "~/domain/revision-history";
import { typingSince } from "~/services/collaboration.server";
import { threadsOf } from "~/services/comments.server";
import { listMentionable } from "~/models/user.server";
import { channelPanelData } from "~/services/channel-panel.server";
import { requireUser } from "~/web/session.server";
import { checkpoint } from "./checkpoint.server";
import { comment, resolve } from "./comments.server";
import { details } from "./details.server";
import { restore } from "./restore.server";
import { save } from "./save.server";
import { schedule, transition, unschedule } from "./status.server";
import { decide, publishUnapproved, reviewLink, revokeReviewLink } from "./approvals.server";
import { markdownToHtml } from "~/domain/markdown";
import { ApprovalPanel } from "~/components/approvals/approval-panel";
import { linkState } from "~/domain/review-link";
import { listReviewLinks } from "~/models/review-link.server";
import { approvalPanel } from "~/services/approvals.server";
import { keepShownWhenUnanswered, replyWhenUnanswered } from "~/components/keep-shown";

/** "Fri, 04 Dec 2026 09:00 (Europe/London)". */
const teamTime = (at: Date, timeZone: string) => `${formatZoned(at, timeZone, "EEE, dd MMM yyyy HH:mm")} (${timeZone})`;

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";

export const meta = () => [{ title: "Content Editor · Content Studio" }];

/** Live polling reloads this page: a reload without an answer keeps what is shown. */
export const clientLoader = keepShownWhenUnanswered("routes/editor");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const id = url.searchParams.get("id");
  const item = await getEditorItem(id);
  if (!item) throw new Response(id ? "That content item does not exist." : "There is no content to edit yet.", { status: 404 });
  const now = new Date();
  // Opening (and the editor's periodic refresh) is the presence heartbeat of a member who may edit it.
  if (canEditContent(user, { authorId: item.author.id, status: item.status })) await markEditing(item.id, user.id, now);
  const editing = await editingNow(item.id, now);
  const canComment = can(user.role, "content.comment");
  const [comments, collaborators, revisions, revisionCount, check, usage, model, members, channelPosts] = await Promise.all([
    commentsFor(item.id),
    collaboratorsOf(item.id, [item.author.id, ...editing]),
    listRevisions(item.id),
    countRevisions(item.id),
    checkText(item.body),
    usageForItem(item.id),
    getModelConfigForDisplay(),
    canComment ? listMentionable() : [],
    channelPanelData(
      { id: item.id, title: item.title, type: item.type, slug: item.slug, status: item.status, authorId: item.author.id },
      user,
      now,
    ),
  ]);
  const access = { authorId: item.author.id, status: item.status };
  const canSendLinks = can(user.role, "content.approve");
  const [approval, links] = await Promise.all([approvalPanel(item.id, user), canSendLinks ? listReviewLinks(item.id) : []]);
  // In a running chain the item is approved or sent back at its step (the approval panel), not by the one-step buttons.
  const chainRunning = approval !== null && approval.state !== "approved";
  const transitions = availableTransitions(user, access).filter((t) => !chainRunning || (t !== "approve" && t !== "requestChanges"));
  // Only an approver looking at an item in review is offered the best time to post.
  const [schedule, offer] = transitions.includes("approve")
    ? await Promise.all([getSchedule(item.id), schedulingOffer(now)])
    : [null, null];
  return {
    item: { ...item, updatedAt: item.updatedAt.toISOString(), stats: textStats(articleText(item.body)) },
    canEdit: canEditContent(user, access),
    canComment,
    transitions,
    channelPosts,
    approval,
    publishChain: chainRunning
      ? { label: approval.label, canDecide: approval.canDecide, changesRequested: approval.state === "changes_requested" }
      : null,
    canSendLinks,
    reviewLinks: links.map((l) => ({ id: l.id, expiresAt: l.expiresAt.toISOString(), state: linkState(l, now) })),
    // Publish times on the team's clock, like the slot's name.
    schedule: schedule
      ? { publishAt: schedule.publishAt.toISOString(), slot: schedule.slot, label: teamTime(schedule.publishAt, channelPosts.timeZone) }
      : null,
    scheduleOffer: offer?.slot
      ? {
          name: offer.slot.name,
          posts: offer.slot.posts,
          publishAt: offer.slot.publishAt.toISOString(),
          label: teamTime(offer.slot.publishAt, channelPosts.timeZone),
        }
      : null,
    comments: threadsOf(
      comments.map((c) => ({
        id: c.id,
        parentId: c.parentId,
        body: c.body,
        author: byAgent(c.agentName, c.author.name),
        authorId: c.author.id,
        createdAt: c.createdAt.toISOString(),
        quote: c.quote,
        anchor: c.anchor,
        resolved: !!c.resolvedAt,
        resolvedBy: c.resolver?.name ?? null,
        resolveNote: c.resolveNote,
      })),
      item.body,
    ),
    members,
    collaborators: collaborators.map((c) => ({ id: c.id, name: c.name, editing: editing.has(c.id), isMe: c.id === user.id })),
    assistant: {
      suggestions: check.suggestions,
      score: item.body.trim() ? check.score : null,
      threshold: check.voice.threshold,
      toneName: check.voice.tone.name,
      model: model ? model.model : null,
      usage,
    },
    revisions: numberVersions(
      revisions.map((r) => ({
        id: r.id,
        label: r.label,
        author: byAgent(r.agentName, r.author.name),
        added: r.wordsAdded,
        removed: r.wordsRemoved,
        at: r.updatedAt.toISOString(),
      })),
      revisionCount,
    ),
    // History opened and a restore being confirmed, from the address (how they work without scripts).
    history: {
      open: url.searchParams.has("history") || url.searchParams.has("restore"),
      confirming: url.searchParams.get("restore"),
      typingNow: typingSince(item.id),
    },
    // Preview opened from the address (how it opens without scripts): the one renderer's HTML.
    previewHtml: url.searchParams.has("preview") ? markdownToHtml(item.body) : null,
  };
}

/** A form sent without an answer keeps its text and says it was not saved. */
export const clientAction = replyWhenUnanswered();

// A function, not `const action = routeAction(…)`: the browser build keeps top-level calls, and
// ~/action.server is empty there.
export function action(args: ActionFunctionArgs) {
  return routeAction({
    intents: {
      comment,
      resolve,
      transition,
      schedule,
      unschedule,
      details,
      save,
      checkpoint,
      restore,
      decide,
      publishUnapproved,
      reviewLink,
      revokeReviewLink,
    },
    unknownIntent: (intent) => `Unknown editor action: ${intent || "none"}. Text is saved through /content/<id>/save.`,
  })(args);
}

export default function Editor() {
  const loaded = useLoaderData<typeof loader>();
  // A plain form post (scripts off) comes back here; fetchers' replies never do.
  const posted = useActionData<typeof action>();
  const saved = posted && "intent" in posted && posted.intent === "save" ? posted : undefined;
  const restored = posted && "intent" in posted && posted.intent === "restore" ? posted : undefined;
  return (
    <>
      {saved ? <PlainSaveOutcome reply={saved as Parameters<typeof PlainSaveOutcome>[0]["reply"]} /> : null}
      {restored ? <RestoreOutcome itemId={loaded.item.id} reply={restored as Parameters<typeof RestoreOutcome>[0]["reply"]} /> : null}
      <EditorPanel
        key={loaded.item.id}
        {...loaded}
        channels={
          <>
            <ApprovalPanel
              itemId={loaded.item.id}
              approval={loaded.approval}
              canSendLinks={loaded.canSendLinks}
              reviewLinks={loaded.reviewLinks}
            />
            <ChannelsPanel data={loaded.channelPosts} title={loaded.item.title} />
          </>
        }
      />
    </>
  );
}

/** A workflow agent's comment or revision names the agent, with the member who queued the run as requester. */
function byAgent(agentName: string | null, member: string): string {
  return agentName ? `${agentName} (agent) · requested by ${member}` : member;
}
