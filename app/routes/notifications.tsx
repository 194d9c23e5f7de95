import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { markNotificationsRead } from "~/models/notification.server";
import { requireUser } from "~/session.server";

// The bell's list comes with the root loader; this route only marks it read.
export const loader = () => redirect("/");

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  if (form.get("intent") !== "read") return json({ error: "Unknown notifications action." }, { status: 400 });
  const { count } = await markNotificationsRead(user.id);
  return json({ error: null, marked: count });
}
