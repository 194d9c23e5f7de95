import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { resourceFormAction } from "~/web/action.server";
import { requirePermission } from "~/web/authorize.server";
import { NewContentSchema } from "~/domain/content-forms";
import { createContent } from "~/models/content-write.server";
import { invalid } from "~/web/reply.server";
import { requireUser } from "~/web/session.server";

// Creating is a POST from the library's New Content dialog, the palette or the dashboard.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return redirect("/library");
}

/** Creates a draft owned by the member and opens it in the editor. */
export const action = resourceFormAction(
  async ({ user, fields }) => {
    requirePermission(user, "content.create");
    const parsed = NewContentSchema.safeParse(fields);
    if (!parsed.success) return invalid(parsed.error, "The content was not created.");
    const item = await createContent({ ...parsed.data, authorId: user.id });
    return redirect(`/editor?id=${item.id}`);
  },
  { resource: true },
);
