import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { EditorPanel } from "~/components/editor/editor-panel";
import { timeAgo } from "~/domain/relative-time";
import { collaboratorsOf, commentsFor } from "~/models/activity.server";
import { getEditAccess, getEditorItem } from "~/models/content.server";
import { addComment, saveBody } from "~/models/content-write.server";
import { ONLINE_WINDOW_MS } from "~/models/user.server";
import { notify } from "~/models/notification.server";
import { can, canEditContent, forbiddenMessage } from "~/domain/permissions";
import { denied, requireUser } from "~/session.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";

export const meta = () => [{ title: "Content Editor · Content Studio" }];

export const MAX_BODY = 200_000;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = new URL(request.url).searchParams.get("id");
  const item = await getEditorItem(id);
  if (!item) throw new Response(id ? "That content item does not exist." : "There is no content to edit yet.", { status: 404 });
  const now = new Date();
  const [comments, collaborators] = await Promise.all([commentsFor(item.id), collaboratorsOf(item.id)]);
  return {
    item: { ...item, updatedAt: item.updatedAt.toISOString() },
    canEdit: canEditContent(user, { authorId: item.author.id, status: item.status }),
    canComment: can(user.role, "content.comment"),
    comments: comments.map((c) => ({ id: c.id, body: c.body, author: c.author.name, time: timeAgo(c.createdAt, now), resolved: !!c.resolvedAt })),
    collaborators: collaborators.map((c) => ({
      id: c.id,
      name: c.name,
      online: !!c.lastSeenAt && now.getTime() - c.lastSeenAt.getTime() < ONLINE_WINDOW_MS,
    })),
  };
}

const SaveSchema = z.object({
  intent: z.literal("save"),
  id: z.string().min(1),
  version: z.coerce.number().int().positive(),
  body: z.string().max(MAX_BODY, `The text is longer than ${MAX_BODY.toLocaleString("en")} characters.`),
});
const CommentSchema = z.object({
  intent: z.literal("comment"),
  id: z.string().min(1),
  comment: z.string().trim().min(1, "Write a comment first.").max(2000, "Comments are limited to 2,000 characters."),
});

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = Object.fromEntries(await request.formData());
  if (form.intent === "comment") {
    const refused = denied(user, "content.comment");
    if (refused) return refused;
    const parsed = CommentSchema.safeParse(form);
    if (!parsed.success) return data({ intent: "comment", error: parsed.error.issues[0].message }, { status: 400 });
    const created = await addComment(parsed.data.id, user.id, parsed.data.comment);
    if (!created) return data({ intent: "comment", error: "That content item no longer exists." }, { status: 404 });
    await notify("comment", { actorId: user.id, contentId: parsed.data.id, message: `${user.name} commented on “${created.title}”` });
    return { intent: "comment", error: null };
  }
  const parsed = SaveSchema.safeParse(form);
  if (!parsed.success) return data({ intent: "save", error: parsed.error.issues[0].message }, { status: 400 });
  const access = await getEditAccess(parsed.data.id);
  if (!access) return data({ intent: "save", error: "That content item no longer exists." }, { status: 404 });
  if (!canEditContent(user, access)) {
    const error = user.role === "Writer" ? "Writers can only edit their own drafts." : forbiddenMessage(user.role, "content.editAny");
    return data({ intent: "save", error }, { status: 403 });
  }
  const result = await saveBody(parsed.data.id, parsed.data.body, parsed.data.version, user.id);
  if (!result.ok && result.reason === "missing") return data({ intent: "save", error: "That content item no longer exists." }, { status: 404 });
  if (!result.ok) return data({ intent: "save", error: "Someone saved a newer version.", current: result.current }, { status: 409 });
  return { intent: "save", error: null, version: result.version, savedAt: result.updatedAt.toISOString() };
}

export default function Editor() {
  const loaded = useLoaderData<typeof loader>();
  return <EditorPanel key={loaded.item.id} {...loaded} />;
}
