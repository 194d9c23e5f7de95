import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { fieldErrors } from "~/domain/auth-forms";
import { NewContentSchema } from "~/domain/content-forms";
import { createContent } from "~/models/content-write.server";
import { denied, requireUser } from "~/session.server";

// Creating is a POST from the library's New Content dialog, the palette or the dashboard.
// Signed out, a GET goes to sign-in like every other page; signed in, to the library.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return redirect("/library");
}

/** Creates a draft owned by the member and opens it in the editor. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const refused = denied(user, "content.create");
  if (refused) return refused;
  const parsed = NewContentSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return json({ ok: false as const, errors: fieldErrors(parsed.error), error: "The content was not created." }, { status: 400 });
  const item = await createContent({ ...parsed.data, authorId: user.id });
  return redirect(`/editor?id=${item.id}`);
}
