import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { EditorPanel } from "~/components/editor/editor-panel";
import { isTransitionName, availableTransitions } from "~/domain/lifecycle";
import { can, canEditContent } from "~/domain/permissions";
import { timeAgo } from "~/domain/relative-time";
import { collaboratorsOf, commentsFor } from "~/models/activity.server";
import { checkText } from "~/models/assistant.server";
import { getModelConfigForDisplay } from "~/models/assistant-model.server";
import { usageForItem } from "~/models/assistant-usage.server";
import { getEditorItem } from "~/models/content.server";
import { transitionContent, type ScoreAtMove } from "~/models/content-lifecycle.server";
import { cancelSchedule, getSchedule, schedulePublish, schedulingOffer } from "~/models/publish-schedule.server";
import { addComment, setCommentResolved } from "~/models/content-write.server";
import { notify } from "~/models/notification.server";
import { editingNow, markEditing } from "~/models/presence.server";
import { listRevisions } from "~/models/revision.server";
import { denied, requireUser } from "~/session.server";

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
  const [comments, collaborators, revisions, check, usage, model] = await Promise.all([
    commentsFor(item.id),
    collaboratorsOf(item.id, [item.author.id, ...editing]),
    listRevisions(item.id),
    checkText(item.body),
    usageForItem(item.id),
    getModelConfigForDisplay(),
  ]);
  const access = { authorId: item.author.id, status: item.status };
  const transitions = availableTransitions(user, access);
  // Only an approver looking at an item in review is offered the best time to post.
  const [schedule, offer] = transitions.includes("approve") ? await Promise.all([getSchedule(item.id), schedulingOffer(now)]) : [null, null];
  return {
    item: { ...item, updatedAt: item.updatedAt.toISOString() },
    canEdit: canEditContent(user, access),
    canComment: can(user.role, "content.comment"),
    transitions,
    schedule: schedule ? { publishAt: schedule.publishAt.toISOString(), slot: schedule.slot } : null,
    scheduleOffer: offer?.slot ? { name: offer.slot.name, posts: offer.slot.posts, publishAt: offer.slot.publishAt.toISOString() } : null,
    comments: comments.map((c) => ({ id: c.id, body: c.body, author: c.author.name, time: timeAgo(c.createdAt, now), resolved: !!c.resolvedAt })),
    collaborators: collaborators.map((c) => ({ id: c.id, name: c.name, editing: editing.has(c.id), isMe: c.id === user.id })),
    assistant: {
      suggestions: check.suggestions,
      score: item.body.trim() ? check.score : null,
      threshold: check.voice.threshold,
      toneName: check.voice.tone.name,
      model: model ? model.model : null,
      usage,
    },
    revisions: revisions.map((r) => ({ id: r.id, version: r.version, label: r.label, author: r.author.name, added: r.wordsAdded, removed: r.wordsRemoved, at: r.updatedAt.toISOString() })),
  };
}

const CommentSchema = z.object({
  id: z.string().min(1),
  comment: z.string().trim().min(1, "Write a comment first.").max(2000, "Comments are limited to 2,000 characters."),
});
const ResolveSchema = z.object({ id: z.string().min(1), commentId: z.string().min(1), resolved: z.enum(["true", "false"]) });
const TransitionSchema = z.object({
  id: z.string().min(1),
  transition: z.string().refine(isTransitionName, "Unknown status change."),
  override: z.enum(["true", "false"]).optional(),
});

type Reply = { intent: string; error: string | null; voice?: ScoreAtMove | null; belowThreshold?: ScoreAtMove };
const reply = (intent: string, error: string | null, status = 200, extra: Partial<Reply> = {}) => data<Reply>({ intent, error, ...extra }, { status });

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = Object.fromEntries(await request.formData());
  const intent = String(form.intent ?? "");
  if (intent === "comment" || intent === "resolve") {
    const refused = denied(user, "content.comment");
    if (refused) return refused;
  }
  if (intent === "comment") {
    const parsed = CommentSchema.safeParse(form);
    if (!parsed.success) return reply(intent, parsed.error.issues[0].message, 400);
    const created = await addComment(parsed.data.id, user.id, parsed.data.comment);
    if (!created) return reply(intent, "That content item no longer exists.", 404);
    await notify("comment", { actorId: user.id, contentId: parsed.data.id, message: `${user.name} commented on “${created.title}”` });
    return reply(intent, null);
  }
  if (intent === "resolve") {
    const parsed = ResolveSchema.safeParse(form);
    if (!parsed.success) return reply(intent, "Choose a comment to resolve.", 400);
    const found = await setCommentResolved(parsed.data.id, parsed.data.commentId, parsed.data.resolved === "true");
    return found ? reply(intent, null) : reply(intent, "That comment no longer exists.", 404);
  }
  if (intent === "transition") {
    const parsed = TransitionSchema.safeParse(form);
    if (!parsed.success) return reply(intent, parsed.error.issues[0].message, 400);
    const name = parsed.data.transition as Parameters<typeof transitionContent>[1];
    const result = await transitionContent(parsed.data.id, name, user, new Date(), { override: parsed.data.override === "true" });
    return result.ok ? reply(intent, null, 200, { voice: result.voice }) : reply(intent, result.error, result.status, { belowThreshold: result.belowThreshold });
  }
  if (intent === "schedule" || intent === "unschedule") {
    const id = typeof form.id === "string" ? form.id : "";
    if (!id) return reply(intent, "Choose an item to schedule.", 400);
    const result = intent === "schedule" ? await schedulePublish(id, user) : await cancelSchedule(id, user);
    return result.ok ? reply(intent, null) : reply(intent, result.error, result.status);
  }
  return reply(intent, `Unknown editor action: ${intent || "none"}. Text is saved through /content/<id>/save.`, 400);
}

export default function Editor() {
  const loaded = useLoaderData<typeof loader>();
  return <EditorPanel key={loaded.item.id} {...loaded} />;
}
