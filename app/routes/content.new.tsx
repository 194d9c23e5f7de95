import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NewContentForm } from "~/components/library/new-content-dialog";
import { PageHeader } from "~/components/ui/card";
import { NewContentSchema, UNTITLED_BLOG_POST } from "~/domain/content-forms";
import { can } from "~/domain/permissions";
import { contentObject, memberActor } from "~/domain/audit";
import { recordAudit } from "~/models/audit.server";
import { createContent, emptyDraftOf } from "~/models/content-write.server";
import { createOnce, routeAction } from "~/web/action.server";
import { authorize } from "~/web/authorize.server";
import { invalid } from "~/web/reply.server";
import { requireUser } from "~/web/session.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";

export const meta = () => [{ title: "New content · Content Studio" }];

// The library's New Content opens a dialog with this form; without scripts it opens this page. The
// palette, the dashboard and the calendar post here too.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { allowed: can(user.role, "content.create") };
}

const openInEditor = (id: string) => redirect(`/editor?id=${id}`);

/** Creates a draft owned by the member and opens it in the editor (sent again with its key, the same draft). */
export function action(args: ActionFunctionArgs) {
  return routeAction({
    handler: createOnce(async ({ user, fields }) => {
      authorize(user, "content.create");
      const parsed = NewContentSchema.safeParse(fields);
      if (!parsed.success) return invalid(parsed.error, "The content was not created.");
      // A second click of New Blog Post opens the empty draft the first one made, not another.
      if (parsed.data.title === UNTITLED_BLOG_POST && parsed.data.tags.length === 0) {
        const empty = await emptyDraftOf(user.id, parsed.data.title, parsed.data.type);
        if (empty) return openInEditor(empty.id);
      }
      const item = await createContent({ ...parsed.data, authorId: user.id });
      await recordAudit({
        actor: memberActor(user),
        action: "content.created",
        object: contentObject({ id: item.id, title: parsed.data.title }),
      });
      return openInEditor(item.id);
    }, openInEditor),
  })(args);
}

export default function NewContent() {
  const { allowed } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title="New content" subtitle="It starts as your draft and opens in the editor." />
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        {allowed ? (
          <NewContentForm posted={posted} />
        ) : (
          <p className="text-sm text-slate-600">Your role can read content but not create it.</p>
        )}
      </div>
    </div>
  );
}
