import type { ActionFunctionArgs } from "@remix-run/node";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { intentAction } from "~/action.server";
import { ChannelsPanel } from "~/components/channels/channels-panel";
import { EditorPanel } from "~/components/editor/editor-panel";
import { availableTransitions } from "~/domain/lifecycle";
import { can, canEditContent } from "~/domain/permissions";
import { timeAgo } from "~/domain/relative-time";
import { collaboratorsOf, commentsFor } from "~/models/activity.server";
import { checkText } from "~/models/assistant.server";
import { getModelConfigForDisplay } from "~/models/assistant-model.server";
import { usageForItem } from "~/models/assistant-usage.server";
import { getEditorItem } from "~/models/content.server";
import { getSchedule, schedulingOffer } from "~/models/publish-schedule.server";
import { editingNow, markEditing } from "~/models/presence.server";
import { listRevisions } from "~/models/revision.server";
import { channelPanelData } from "~/services/channel-panel.server";
import { requireUser } from "~/session.server";
import { comment, resolve } from "./comments.server";
import { schedule, transition, unschedule } from "./status.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";

export const meta = () => [{ title: "Content Editor · Content Studio" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = new URL(request.url).searchParams.get("id");
  const item = await getEditorItem(id);
  if (!item) throw new Response(id ? "That content item does not exist." : "There is no content to edit yet.", { status: 404 });
  const now = new Date();
  // Opening (and the editor's periodic refresh) is the presence heartbeat.
  await markEditing(item.id, user.id, now);
  const editing = await editingNow(item.id, now);
  const [comments, collaborators, revisions, check, usage, model, channelPosts] = await Promise.all([
    commentsFor(item.id),
    collaboratorsOf(item.id, [item.author.id, ...editing]),
    listRevisions(item.id),
    checkText(item.body),
    usageForItem(item.id),
    getModelConfigForDisplay(),
    channelPanelData({ id: item.id, title: item.title, status: item.status, authorId: item.author.id }, user, now),
  ]);
  const access = { authorId: item.author.id, status: item.status };
  const transitions = availableTransitions(user, access);
  // Only an approver looking at an item in review is offered the best time to post.
  const [schedule, offer] = transitions.includes("approve")
    ? await Promise.all([getSchedule(item.id), schedulingOffer(now)])
    : [null, null];
  return {
    item: { ...item, updatedAt: item.updatedAt.toISOString() },
    canEdit: canEditContent(user, access),
    canComment: can(user.role, "content.comment"),
    transitions,
    channelPosts,
    schedule: schedule ? { publishAt: schedule.publishAt.toISOString(), slot: schedule.slot } : null,
    scheduleOffer: offer?.slot ? { name: offer.slot.name, posts: offer.slot.posts, publishAt: offer.slot.publishAt.toISOString() } : null,
    comments: comments.map((c) => ({
      id: c.id,
      body: c.body,
      author: c.author.name,
      time: timeAgo(c.createdAt, now),
      resolved: !!c.resolvedAt,
    })),
    collaborators: collaborators.map((c) => ({ id: c.id, name: c.name, editing: editing.has(c.id), isMe: c.id === user.id })),
    assistant: {
      suggestions: check.suggestions,
      score: item.body.trim() ? check.score : null,
      threshold: check.voice.threshold,
      toneName: check.voice.tone.name,
      model: model ? model.model : null,
      usage,
    },
    revisions: revisions.map((r) => ({
      id: r.id,
      version: r.version,
      label: r.label,
      author: r.author.name,
      added: r.wordsAdded,
      removed: r.wordsRemoved,
      at: r.updatedAt.toISOString(),
    })),
  };
}

// A function, not `const action = intentAction(…)`: the browser build keeps top-level calls, and
// ~/action.server is empty there.
export function action(args: ActionFunctionArgs) {
  return intentAction(
    { comment, resolve, transition, schedule, unschedule },
    { unknownIntent: (intent) => `Unknown editor action: ${intent || "none"}. Text is saved through /content/<id>/save.` },
  )(args);
}

export default function Editor() {
  const loaded = useLoaderData<typeof loader>();
  return <EditorPanel key={loaded.item.id} {...loaded} channels={<ChannelsPanel data={loaded.channelPosts} title={loaded.item.title} />} />;
}
